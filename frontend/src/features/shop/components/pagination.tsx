import { Link, useLocation } from 'react-router-dom';

interface PaginationProps {
  page: number;
  pages: number;
}

/** Page links keep the rest of the query (filters, order), so each page can be shared too. */
export function Pagination({ page, pages }: PaginationProps) {
  const location = useLocation();
  if (pages <= 1) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete('page');
    else params.set('page', String(target));
    const search = params.toString();
    return { pathname: location.pathname, search: search ? `?${search}` : '' };
  };
  const numbers = pageWindow(page, pages);
  return (
    <nav aria-label="Páginas de productos" className="mt-4">
      <ul className="pagination justify-content-center flex-wrap">
        <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
          {page <= 1 ? (
            <span className="page-link">Anterior</span>
          ) : (
            <Link className="page-link" to={to(page - 1)}>
              Anterior
            </Link>
          )}
        </li>
        {numbers.map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className="page-item disabled" aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={n} className={`page-item${n === page ? ' active' : ''}`}>
              <Link className="page-link" to={to(n)} aria-current={n === page ? 'page' : undefined}>
                <span className="visually-hidden">Página </span>
                {n}
              </Link>
            </li>
          ),
        )}
        <li className={`page-item${page >= pages ? ' disabled' : ''}`}>
          {page >= pages ? (
            <span className="page-link">Siguiente</span>
          ) : (
            <Link className="page-link" to={to(page + 1)}>
              Siguiente
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** The first, the last and two either side of the current page; null marks a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = [...Array(pages).keys()]
    .map((i) => i + 1)
    .filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 2);
  return shown.flatMap((n, i) => (i > 0 && n - (shown[i - 1] ?? n) > 1 ? [null, n] : [n]));
}
