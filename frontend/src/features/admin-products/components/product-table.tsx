import { LOW_STOCK } from '@gym/contracts/variants';
import { formatPrice, agreeing } from '@gym/contracts/format';
import { productMessages } from '@gym/contracts/messages';
import type { Product } from '@gym/contracts/products';

interface ProductTableProps {
  products: Product[];
  onView: (product: Product) => void;
}

/** SPEC §2 columns: id, Nombre, Categoria (the first), Precio, Imagen (140 px), Portada. */
export function ProductTable({ products, onView }: ProductTableProps) {
  return (
    <div className="table-responsive">
      <table className="table table-striped align-middle table-stack">
        <caption className="visually-hidden">Productos de la tienda</caption>
        <thead>
          <tr>
            <th scope="col">id</th>
            <th scope="col">Nombre</th>
            <th scope="col">Categoria</th>
            <th scope="col">Precio</th>
            <th scope="col">Imagen</th>
            <th scope="col">Portada</th>
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product._id}>
              <td data-label="id">
                <code className="small text-break">{product._id}</code>
              </td>
              <td data-label="Nombre">
                {product.nombre}
                {product.stock < LOW_STOCK && (
                  <span
                    className="badge text-bg-warning ms-2"
                    title={`${agreeing(product.stock, 'Queda', 'Quedan')} ${product.stock}`}
                  >
                    {productMessages.lowStock}
                  </span>
                )}
              </td>
              <td data-label="Categoria">{product.categoria[0]}</td>
              <td data-label="Precio" className="text-nowrap">
                {formatPrice(product.precio)}
              </td>
              <td data-label="Imagen">
                <img
                  src={product.imagen}
                  alt={`Imagen de ${product.nombre}`}
                  width={140}
                  height={140}
                  loading="lazy"
                  className="rounded bg-body-tertiary object-fit-contain"
                />
              </td>
              <td data-label="Portada">{String(product.portada)}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-outline-primary btn-sm text-nowrap"
                  aria-label={`Ver producto ${product.nombre}`}
                  onClick={() => onView(product)}
                >
                  Ver producto
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
