import type { FormikHelpers } from 'formik';
import { productMessages as m } from '@gym/contracts/messages';
import type { ProductInput } from '@gym/contracts/products';
import { confirmAction, showAlert } from '@/components/alerts';
import { Modal } from '@/components/modal';
import { showFailure } from '@/components/show-failure';
import { createProduct } from '../api/products-api';
import { emptyProduct, ProductForm, type ProductFormValues } from './product-form';
import { notify } from '@/components/notices';

interface AddProductModalProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** SPEC §4: confirm with Guardar / No guardar; 'Guardar!' for 1.5 s, or 'El pruducto no fue agregado'. */
export function AddProductModal({ open, onClose, onSaved }: AddProductModalProps) {
  const submit = async (input: ProductInput, helpers: FormikHelpers<ProductFormValues>) => {
    const confirmed = await confirmAction({ title: m.addConfirm, confirmText: 'Guardar', cancelText: 'No guardar' });
    if (!confirmed) {
      void showAlert({ icon: 'info', title: m.notAdded });
      return;
    }
    try {
      await createProduct(input);
    } catch (err) {
      helpers.setErrors((await showFailure(err, 'El producto no se guardó')).fields);
      return;
    }
    notify(m.saved);
    onSaved();
  };

  return (
    <Modal open={open} title="Add Products" size="lg" onClose={onClose}>
      <ProductForm initialValues={emptyProduct} submitLabel="Guardar" onSubmit={submit} />
    </Modal>
  );
}
