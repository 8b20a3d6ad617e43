import { TIMETABLE_DAYS, type TimetableRow } from '../data/disciplines';

/** SPEC §2: hours by pairs of days, Monday to Saturday. */
export function Timetable({ caption, rows }: { caption: string; rows: readonly TimetableRow[] }) {
  return (
    <table className="table timetable align-middle mb-0">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Turno</th>
          {TIMETABLE_DAYS.map((days) => (
            <th scope="col" key={days}>
              {days}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            {row.hours.map((hours, column) => (
              <td key={TIMETABLE_DAYS[column]}>{hours}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
