import type { ReactNode } from 'react';

/** The dark band that opens inner pages: an eyebrow, the page's one h1 and a line below it. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container">
        {eyebrow && <p className="page-header__eyebrow">{eyebrow}</p>}
        <h1 className="page-header__title">{title}</h1>
        {children && <p className="page-header__lead">{children}</p>}
      </div>
    </header>
  );
}
