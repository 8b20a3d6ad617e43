import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serveApi } from '@/test/api-server';
import { TransferUploadSection } from '../components/transfer-upload';

describe('the receipt’s file input reads in Spanish (issue 40)', () => {
  test('"Elegir archivo" and "Ningún archivo elegido", then the chosen file’s name; Tab reaches it', async () => {
    serveApi({ 'GET /v1/socio/comprobantes': () => ({ body: { comprobantes: [] } }) });
    render(<TransferUploadSection member="demo-001" />);
    const user = userEvent.setup();
    const input = screen.getByLabelText<HTMLInputElement>('Comprobante');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleName('Comprobante Elegir archivo');
    expect(input).toHaveAccessibleDescription('Ningún archivo elegido');
    expect(screen.getByText('Elegir archivo').tagName).toBe('LABEL');
    expect(screen.getByTestId('file-chosen')).toHaveTextContent('Ningún archivo elegido');

    await user.tab();
    expect(input).toHaveFocus();

    await user.upload(input, new File(['foto'], 'transferencia-noviembre.jpg', { type: 'image/jpeg' }));
    expect(screen.getByTestId('file-chosen')).toHaveTextContent('transferencia-noviembre.jpg');
    expect(input).toHaveAccessibleDescription('transferencia-noviembre.jpg');
    expect(input.files?.[0]?.name).toBe('transferencia-noviembre.jpg');
  });
});
