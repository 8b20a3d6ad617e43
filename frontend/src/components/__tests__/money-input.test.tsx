import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import type * as yup from 'yup';
import { closingSchema } from '@gym/contracts/reports';
import { moneyInputMessages, pesosOfInput, typedCentavos } from '@gym/contracts/money-input';
import { MoneyField, MoneyInput } from '../money-input';
import type { Centavos } from '@gym/contracts/money';

function Plain() {
  const [text, setText] = useState('');
  return (
    <>
      <label htmlFor="monto">Monto ($)</label>
      <MoneyInput id="monto" value={text} onChange={setText} />
      <output data-testid="pesos">{String(pesosOfInput(text))}</output>
    </>
  );
}

describe('the money input', () => {
  test.each([
    ['7.400', '7.400', '7400'],
    ['7400', '7.400', '7400'],
    ['7.400,50', '7.400,50', '7400.5'],
    ['7,4', '7,4', '7.4'],
    ['1250000', '1.250.000', '1250000'],
    ['7.40', '7.40', 'undefined'],
  ])('typed "%s" key by key, it shows "%s" and holds %s pesos', async (typed, shown, pesos) => {
    render(<Plain />);
    const field = screen.getByLabelText('Monto ($)');
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(field, typed);
    expect(field).toHaveValue(shown);
    expect(screen.getByTestId('pesos')).toHaveTextContent(pesos);
  });

  test('a digit typed in the middle keeps the caret after it while the dots move', async () => {
    render(<Plain />);
    const field = screen.getByLabelText<HTMLInputElement>('Monto ($)');
    await userEvent.type(field, '7400');
    expect(field).toHaveValue('7.400');
    // After the 7: "7|.400" → typing 5 gives "75.400" with the caret after the 5.
    await userEvent.type(field, '5', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(field).toHaveValue('75.400');
    expect(field.selectionStart).toBe(2);
    // Deleting that 5 again: the dot goes back where it was.
    await userEvent.type(field, '{Backspace}', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(field).toHaveValue('7.400');
    expect(field.selectionStart).toBe(1);
    // Deleting the last 0: "7.40" is 740 pesos, grouped again.
    await userEvent.type(field, '{Backspace}');
    expect(field).toHaveValue('740');
  });

  test('with Formik: the typed text is checked by the shared schema, with its Spanish message', async () => {
    const sent = jest.fn();
    // The closing's `contadoCentavos`, read from what a person types.
    const counted = closingSchema.shape({
      contadoCentavos: typedCentavos(closingSchema.fields.contadoCentavos as yup.NumberSchema<Centavos | undefined>),
    });
    render(
      <Formik
        initialValues={{ contadoCentavos: '' }}
        validationSchema={counted}
        onSubmit={(values) => sent(counted.cast(values))}
      >
        <Form noValidate>
          <MoneyField name="contadoCentavos" label="Efectivo contado ($)" />
          <button type="submit">Enviar</button>
        </Form>
      </Formik>,
    );
    const field = screen.getByLabelText('Efectivo contado ($)');
    await userEvent.type(field, '7.40');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(moneyInputMessages.unreadable)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
    await userEvent.type(field, '0');
    expect(field).toHaveValue('7.400');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ contadoCentavos: 740_000 }));
    expect(screen.queryByText(moneyInputMessages.unreadable)).not.toBeInTheDocument();
  });
});
