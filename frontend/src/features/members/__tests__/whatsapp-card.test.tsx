import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { whatsappPortalMessages as wp, type WhatsappConsentView } from '@gym/contracts/whatsapp';
import { serveApi } from '@/test/api-server';
import { WhatsappCard } from '../components/whatsapp-card';

const consent = (acepta: boolean | null, configurado = true): WhatsappConsentView => ({
  acepta,
  origen: acepta === null ? null : 'portal',
  registradoPor: null,
  at: acepta === null ? null : '2026-11-25T15:00:00.000Z',
  configurado,
});

describe('the portal card of the WhatsApp reminders (issue 46)', () => {
  test('the member turns them on, then off: each change is sent and read back', async () => {
    let current = consent(null);
    const api = serveApi({
      'GET /v1/socio/whatsapp': () => ({ body: current }),
      'PUT /v1/socio/whatsapp': ({ body }) => {
        current = consent((body as { acepta: boolean }).acepta);
        return { body: current };
      },
    });
    render(<WhatsappCard member="demo-001" />);
    const toggle = await screen.findByRole('switch', { name: wp.switchLabel });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/respondé BAJA/)).toBeInTheDocument();

    await userEvent.click(toggle);
    expect(await screen.findByText(wp.accepted)).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('switch', { name: wp.switchLabel })).toBeChecked();

    await userEvent.click(screen.getByRole('switch', { name: wp.switchLabel }));
    expect(await screen.findByText(wp.declined)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { acepta: true },
      { acepta: false },
    ]);
  });

  test('not shown while the gym has not set WhatsApp up', async () => {
    const api = serveApi({ 'GET /v1/socio/whatsapp': () => ({ body: consent(null, false) }) });
    const { container } = render(<WhatsappCard member="demo-001" />);
    expect(screen.getByText('Consultando tus avisos…')).toBeInTheDocument();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
