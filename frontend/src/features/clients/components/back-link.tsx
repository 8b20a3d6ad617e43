import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** 'Volver' to the list of users. */
export function BackToList() {
  return (
    <Link to={paths.admin.clientList} className="btn btn-outline-secondary">
      Volver
    </Link>
  );
}
