import type { ReactNode } from 'react';
import { formatMoney } from '@gym/contracts/format-money';
import { formatCount, shortMonth } from './report-format';
import { centavos } from '@gym/contracts/money';

export interface Column {
  label: string;
  values: number[];
}

/**
 * A chart's numbers as a table, one row per month: what a screen reader reads, and what anyone
 * checks a bar against. Wide tables scroll sideways inside their box on a phone.
 */
export function SeriesTable({
  label,
  months,
  columns,
  money,
  foot,
}: {
  label: string;
  months: string[];
  columns: Column[];
  money?: boolean;
  /** Extra rows at the bottom (totals), one cell per column after the row's header; `count` when not money. */
  foot?: { label: string; values: (number | string)[]; count?: boolean }[];
}) {
  const show = (v: number | string, asMoney = money): ReactNode =>
    typeof v === 'string' ? v : asMoney ? formatMoney(centavos(v)) : formatCount(v);
  return (
    <div className="table-responsive">
      <table className="table table-sm small text-nowrap" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Mes</th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="text-end">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((mes, i) => (
            <tr key={mes}>
              <th scope="row" className="fw-normal">
                {shortMonth(mes)}
              </th>
              {columns.map((c) => (
                <td key={c.label} className="text-end">
                  {show(c.values[i] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            {foot.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {row.values.map((v, i) => (
                  <td key={columns[i]?.label ?? i} className="text-end fw-semibold">
                    {show(v, money && !row.count)}
                  </td>
                ))}
              </tr>
            ))}
          </tfoot>
        )}
      </table>
    </div>
  );
}

export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
