import { formatPrice, type Product } from '@gym/contracts';

interface ProductTableProps {
  products: Product[];
  onView: (product: Product) => void;
}

/** SPEC §2 columns: id, Nombre, Categoria (the first), Precio, Imagen (140 px), Portada. */
export function ProductTable({ products, onView }: ProductTableProps) {
  return (
    <div className="table-responsive">
      <table className="table table-striped align-middle">
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
              <td>
                <code className="small text-break">{product._id}</code>
              </td>
              <td>{product.nombre}</td>
              <td>{product.categoria[0]}</td>
              <td className="text-nowrap">{formatPrice(product.precio)}</td>
              <td>
                <img
                  src={product.imagen}
                  alt={`Imagen de ${product.nombre}`}
                  width={140}
                  height={140}
                  loading="lazy"
                  className="rounded bg-body-tertiary object-fit-contain"
                />
              </td>
              <td>{String(product.portada)}</td>
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
