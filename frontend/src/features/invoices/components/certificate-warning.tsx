import { Link } from 'react-router-dom';
import { useResource } from '@/hooks/use-resource';
import { getInvoicingStatus } from '../api/invoices-api';
import { invoicesPath } from '../invoice-paths';

/**
 * The owner's warning, from a week before ARCA's certificate ends (and after): without a new one
 * every payment's invoice waits. Nothing at all while the certificate is fine or invoicing is off.
 */
export function CertificateWarning({ withLink = false }: { withLink?: boolean }) {
  const data = useResource(['invoices', 'status'], getInvoicingStatus);
  if (data.status !== 'ready' || !data.data.aviso) return null;
  return (
    <div className="alert alert-warning" role="note" aria-label="Certificado de ARCA" data-testid="certificado-arca">
      <p className="mb-0">{data.data.aviso}</p>
      {withLink && (
        <p className="mb-0 mt-1 small">
          <Link to={invoicesPath}>Ver las facturas</Link>
        </p>
      )}
    </div>
  );
}
