import { Link } from 'react-router-dom';
import { roleMessages } from '@gym/contracts/roles';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';

/** A screen the role may not use, reached by its URL: said plainly, with a way back. */
export function ForbiddenPage() {
  usePageTitle(roleMessages.forbiddenTitle);
  return (
    <section className="text-center py-5">
      <h1 className="h3 mb-3">{roleMessages.forbiddenTitle}</h1>
      <p className="text-body-secondary mb-4">{roleMessages.forbiddenPage}</p>
      <Link to={paths.admin.panel} className="btn btn-primary">
        Volver al panel
      </Link>
    </section>
  );
}
