import { render, screen } from '@testing-library/react';
import { DEFAULT_REMINDER_TEMPLATES } from '@gym/contracts/memberships';
import { serveApi } from '@/test/api-server';
import TemplatesPage from '../pages/templates-page';

test('the templates page says what every reminder adds after the text staff write', async () => {
  serveApi({
    'GET /v1/reminders/templates': () => ({
      body: {
        templates: (['email', 'whatsapp'] as const).map((channel) => ({
          channel,
          text: DEFAULT_REMINDER_TEMPLATES[channel],
          updatedAt: '2026-11-20T12:00:00.000Z',
        })),
      },
    }),
  });
  render(<TemplatesPage />);
  await screen.findByRole('form', { name: 'Plantilla de WhatsApp' });
  expect(screen.getByTestId('plantillas-enlace')).toHaveTextContent(
    'Después del texto, cada recordatorio lleva el enlace a la cuenta del socio y, si el gimnasio cobra con Mercado Pago, la invitación a renovar online desde ahí.',
  );
});
