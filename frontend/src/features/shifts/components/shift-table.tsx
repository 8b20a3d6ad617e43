import type { ShiftRow } from '@gym/contracts/shifts';

interface ShiftTableProps {
  rows: ShiftRow[];
  /** Absent for a role that may only read: no change button then. */
  onChange?: (row: ShiftRow) => void;
}

/** SPEC §2 'Turnos' table: shift, user and trainer. */
export function ShiftTable({ rows, onChange }: ShiftTableProps) {
  return (
    <div className="table-responsive">
      <table className="table table-striped align-middle table-stack">
        <caption className="visually-hidden">Turno y entrenador de cada usuario</caption>
        <thead>
          <tr>
            <th scope="col">Turno</th>
            <th scope="col">Usuario</th>
            <th scope="col">Entrenador</th>
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.idUsuario}>
              <td data-label="Turno">{row.turno}</td>
              <td data-label="Usuario">{row.usuario}</td>
              <td data-label="Entrenador">{row.entrenador}</td>
              <td>
                {onChange && (
                  <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => onChange(row)}>
                    Cambiar<span className="visually-hidden"> el turno de {row.usuario}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
