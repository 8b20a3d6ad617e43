/** An Argentine mobile number as WhatsApp wants it: 54 9 + area code + number, no 0 nor 15. */
export function whatsappNumber(celular: number | string): string | null {
  let digits = String(celular).replace(/\D/g, '');
  if (digits.startsWith('549')) digits = digits.slice(3);
  else if (digits.startsWith('54')) digits = digits.slice(2);
  if (digits.startsWith('0')) digits = digits.slice(1);
  // 0381 15 512-3401: the "15" after a 3-digit area code marks a mobile in the old way of dialling.
  if (digits.length === 12 && digits.slice(3, 5) === '15') digits = digits.slice(0, 3) + digits.slice(5);
  return digits.length === 10 ? `549${digits}` : null;
}

/** A click-to-chat link with `text` prefilled, or null when the number is not a mobile's. */
export const whatsappLink = (celular: number | string, text: string): string | null => {
  const number = whatsappNumber(celular);
  return number && `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
};
