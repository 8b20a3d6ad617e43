import { useState } from 'react';
import { formatInstant } from '@gym/contracts/format-dates';
import { roleLabels, type AuditEntryView } from '@gym/contracts/roles';
import { AUDIT_FIELD_LABELS, auditActor, auditSentence, auditValue } from '../audit-sentences';

/** The trail as sentences; each row's before/after fields open under "Ver detalle", labelled in Spanish. */
export function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm table-striped align-middle table-stack">
        <caption className="visually-hidden">Cambios, del más nuevo al más viejo</caption>
        <thead>
          <tr>
            <th scope="col">Cuándo</th>
            <th scope="col">Quién</th>
            <th scope="col">Qué hizo</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <AuditRow key={`${e.at}-${i}`} entry={e} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditRow({ entry: e }: { entry: AuditEntryView }) {
  const [open, setOpen] = useState(false);
  const fields = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  return (
    <tr>
      <td data-label="Cuándo" className="text-nowrap">
        {formatInstant(e.at, { seconds: true })}
      </td>
      <td data-label="Quién">
        {auditActor(e)}
        {e.actor.role && <span className="badge text-bg-secondary ms-1">{roleLabels[e.actor.role]}</span>}
      </td>
      <td data-label="Qué hizo">
        {auditSentence(e)}
        {fields.length > 0 && (
          <>
            {' '}
            <button
              type="button"
              className="btn btn-link btn-sm p-0 align-baseline"
              aria-expanded={open}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? 'Ocultar detalle' : 'Ver detalle'}
            </button>
            {open && <AuditDetail entry={e} fields={fields} />}
          </>
        )}
      </td>
    </tr>
  );
}

function AuditDetail({ entry: e, fields }: { entry: AuditEntryView; fields: string[] }) {
  const edit = e.before !== null && e.after !== null;
  return (
    <table className="table table-sm table-bordered small mt-2 mb-0">
      <thead>
        <tr>
          <th scope="col">Dato</th>
          {e.before && <th scope="col">{edit ? 'Antes' : 'Valor'}</th>}
          {e.after && <th scope="col">{edit ? 'Después' : 'Valor'}</th>}
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field}>
            <th scope="row" className="fw-normal">
              {AUDIT_FIELD_LABELS[field] ?? field}
            </th>
            {e.before && <td className="text-break">{auditValue(e.entity, field, e.before[field])}</td>}
            {e.after && <td className="text-break">{auditValue(e.entity, field, e.after[field])}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
