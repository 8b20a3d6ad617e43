import { useSearchParams } from 'react-router-dom';
import { countOf } from '@gym/contracts/format';
import { auditEntityLabels } from '../audit-sentences';
import { ErrorState, EmptyState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { useResource } from '@/hooks/use-resource';
import { getAudit } from '../api/audit-api';
import { AuditTable } from '../components/audit-table';

const FILTERS = ['actor', 'entity', 'from', 'to'] as const;
const LIMIT = 50;
/** /admin/auditoria: who changed what, newest first; the filters and page live in the URL. */
export default function AuditPage() {
  usePageTitle('Auditoría');
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const audit = useResource(['audit', key], (signal) => getAudit(new URLSearchParams(key), signal));
  const page = Number(params.get('page') ?? '1') || 1;

  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = String(data.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  };
  const goTo = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    setParams(next);
  };

  return (
    <section>
      <h1 className="h3 mb-4">Auditoría</h1>
      <form
        key={key}
        className="row g-2 align-items-end mb-4"
        aria-label="Filtros de la auditoría"
        onSubmit={(e) => {
          e.preventDefault();
          apply(e.currentTarget);
        }}
      >
        <div className="col-12 col-md-4">
          <label className="form-label" htmlFor="audit-actor">
            Persona (email)
          </label>
          <input id="audit-actor" name="actor" className="form-control" defaultValue={params.get('actor') ?? ''} />
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label" htmlFor="audit-entity">
            Qué
          </label>
          <select id="audit-entity" name="entity" className="form-select" defaultValue={params.get('entity') ?? ''}>
            <option value="">Todo</option>
            {Object.entries(auditEntityLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label" htmlFor="audit-from">
            Desde
          </label>
          <input
            id="audit-from"
            name="from"
            type="date"
            className="form-control"
            defaultValue={params.get('from') ?? ''}
          />
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label" htmlFor="audit-to">
            Hasta
          </label>
          <input id="audit-to" name="to" type="date" className="form-control" defaultValue={params.get('to') ?? ''} />
        </div>
        <div className="col-6 col-md-2">
          <button type="submit" className="btn btn-primary w-100">
            Filtrar
          </button>
        </div>
      </form>
      {audit.status === 'loading' && <Loading label="Cargando auditoría…" />}
      {audit.status === 'error' && <ErrorState message={audit.error.message} onRetry={audit.reload} />}
      {audit.status === 'ready' &&
        (audit.data.entries.length === 0 ? (
          <EmptyState>No hay cambios registrados con esos filtros.</EmptyState>
        ) : (
          <>
            <AuditTable entries={audit.data.entries} />
            <nav aria-label="Páginas de la auditoría" className="d-flex justify-content-between align-items-center">
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={page <= 1}
                onClick={() => goTo(page - 1)}
              >
                Anterior
              </button>
              <span className="small text-body-secondary">
                Página {page} de {Math.max(1, Math.ceil(audit.data.total / (audit.data.limit || LIMIT)))} ·{' '}
                {countOf(audit.data.total, 'cambio', 'cambios')}
              </span>
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={page * audit.data.limit >= audit.data.total}
                onClick={() => goTo(page + 1)}
              >
                Siguiente
              </button>
            </nav>
          </>
        ))}
    </section>
  );
}
