interface PagerProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** Names the navigation for assistive technology, e.g. 'Páginas de clientes'. */
  label: string;
}

/** Previous, the numbers around the current page, next; hidden when everything fits on one page. */
export function Pager({ page, pages, onChange, label }: PagerProps) {
  if (pages <= 1) return null;
  const item = (target: number, text: string, disabled: boolean, current = false) => (
    <li key={text} className={`page-item${disabled ? ' disabled' : ''}${current ? ' active' : ''}`}>
      <button
        type="button"
        className="page-link"
        disabled={disabled}
        aria-current={current ? 'page' : undefined}
        aria-label={/^\d+$/.test(text) ? `Página ${text}` : undefined}
        onClick={() => onChange(target)}
      >
        {text}
      </button>
    </li>
  );
  return (
    <nav aria-label={label} className="mt-3">
      <ul className="pagination justify-content-center flex-wrap mb-0">
        {item(page - 1, 'Anterior', page <= 1)}
        {pageNumbers(page, pages).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className="page-item disabled" aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          ) : (
            item(n, String(n), false, n === page)
          ),
        )}
        {item(page + 1, 'Siguiente', page >= pages)}
      </ul>
    </nav>
  );
}

/** The first, the last and two either side of the current page; null marks a gap. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const shown = [...Array(pages).keys()]
    .map((i) => i + 1)
    .filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 2);
  return shown.flatMap((n, i) => (i > 0 && n - (shown[i - 1] ?? n) > 1 ? [null, n] : [n]));
}
