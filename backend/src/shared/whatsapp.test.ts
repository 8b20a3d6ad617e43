import { whatsappLink, whatsappNumber } from './whatsapp';

describe('WhatsApp click-to-chat', () => {
  test.each([
    [3815123401, '5493815123401'],
    ['0381 15 512-3401', '5493815123401'],
    ['+54 9 381 512 3401', '5493815123401'],
    ['543815123401', '5493815123401'],
    ['1122334455', '5491122334455'],
    [12345, null],
  ])('%p is %p', (celular, number) => {
    expect(whatsappNumber(celular)).toBe(number);
  });
  test('the text goes prefilled and encoded', () => {
    expect(whatsappLink(3815123401, 'Hola Lucía, ¡te esperamos!')).toBe(
      'https://wa.me/5493815123401?text=Hola%20Luc%C3%ADa%2C%20%C2%A1te%20esperamos!',
    );
  });
});
