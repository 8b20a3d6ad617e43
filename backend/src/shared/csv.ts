/** A cell a spreadsheet would run as a formula starts with ' instead. */
const CSV_FORMULA = /^[=+\-@\t\r]/;
function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (CSV_FORMULA.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV that a Spanish Excel opens right: UTF-8 with BOM, ';' between cells, CRLF lines. */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
