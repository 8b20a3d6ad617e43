import type { FormikHelpers } from 'formik';
import { productMessages as m } from '@gym/contracts/messages';
import type { ProductInput } from '@gym/contracts/products';
import { toApiFailure } from '@/api/client';
import { confirmAction, showAlert } from '@/components/alerts';
import { Modal } from '@/components/modal';
import { offerReload, showFailure } from '@/components/show-failure';
import { ErrorState, Loading } from '@/components/status';
import { useResource } from '@/hooks/use-resource';
import { getProduct, updateProduct } from '../api/products-api';
import { ProductForm, toFormValues, type ProductFormValues } from './product-form';
import { notify } from '@/components/notices';

export const EDIT_CONFIRM = '¿Guardar los cambios de este producto?';

interface EditProductModalProps {
  productId: string;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Prefilled from the server; the save carries the version it started from, so a newer save is not erased. */
export function EditProductModal({ productId, open, onClose, onSaved }: EditProductModalProps) {
  const product = useResource(['products', 'staff-one', productId], (signal) => getProduct(productId, signal));

  const submit = async (input: ProductInput, helpers: FormikHelpers<ProductFormValues>) => {
    if (product.status !== 'ready') return;
    const confirmed = await confirmAction({ title: EDIT_CONFIRM, confirmText: 'Guardar', cancelText: 'No guardar' });
    if (!confirmed) {
      void showAlert({ icon: 'info', title: m.changesNotSaved });
      return;
    }
    try {
      await updateProduct(productId, input, product.data.updatedAt);
    } catch (err) {
      const failure = await toApiFailure(err);
      if (failure.status === 409) return offerReload(failure.message, product.reload);
      helpers.setErrors((await showFailure(err, m.changesNotSaved)).fields);
      return;
    }
    notify(m.saved);
    onSaved();
  };

  return (
    <Modal open={open} title="Edit" size="lg" onClose={onClose}>
      {product.status === 'loading' && <Loading label="Cargando el producto…" />}
      {product.status === 'error' && <ErrorState message={product.error.message} onRetry={product.reload} />}
      {product.status === 'ready' && (
        <ProductForm
          key={product.data.updatedAt}
          initialValues={toFormValues(product.data)}
          submitLabel="Guardar"
          onSubmit={submit}
        />
      )}
    </Modal>
  );
}
