import { Fragment } from 'react';
import { COLOR_LABELS } from '@gym/contracts/catalog';
import { formatPrice } from '@gym/contracts/format';
import type { Product } from '@gym/contracts/products';
import { Modal } from '@/components/modal';

interface ProductViewModalProps {
  product: Product;
  open: boolean;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** SPEC §2 view-product modal; sizes only when there is more than one to tell apart. */
export function ProductViewModal({ product, open, onClose, onEdit, onDelete }: ProductViewModalProps) {
  const rows: [string, string][] = [
    ['Categoría', product.categoria[0] ?? ''],
    ['Precio', formatPrice(product.precio)],
    ['Stock', String(product.stock)],
    ['Colores', product.color.map((color) => COLOR_LABELS[color]).join(', ') || 'Sin colores'],
    ...(product.talle.length > 1
      ? [['Talles', product.talle.map((t) => t.toUpperCase()).join(', ')] as [string, string]]
      : []),
    ['Descripción', product.descripcion],
    ['Portada', String(product.portada)],
  ];
  return (
    <Modal open={open} title={product.nombre} onClose={onClose}>
      <img
        src={product.imagen}
        alt={`Imagen de ${product.nombre}`}
        width={300}
        height={300}
        className="d-block mx-auto mb-3 img-fluid rounded bg-body-tertiary object-fit-contain"
      />
      <dl className="row mb-3">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="col-4">{label}</dt>
            <dd className="col-8 text-break">{value}</dd>
          </Fragment>
        ))}
      </dl>
      <div className="d-flex gap-2 justify-content-end">
        <button type="button" className="btn btn-primary" onClick={onEdit}>
          Editar
        </button>
        <button type="button" className="btn btn-outline-danger" onClick={onDelete}>
          Delete
        </button>
      </div>
    </Modal>
  );
}
