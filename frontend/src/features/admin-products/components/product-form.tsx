import { Form, Formik, type FormikHelpers } from 'formik';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  COLORS,
  COLOR_LABELS,
  SIZES,
  type Color,
  type Size,
} from '@gym/contracts/catalog';
import {
  PRODUCT_NAME_MAX,
  normalizeProductInput,
  productSchema,
  type Product,
  type ProductInput,
} from '@gym/contracts/products';
import { moneyInputText, withTypedMoney } from '@gym/contracts/money-input';
import { toCentavos } from '@gym/contracts/money';
import { type ProductVariant, variantCombos } from '@gym/contracts/variants';
import { CheckboxGroupField } from '@/components/checkbox-group-field';
import { FormField } from '@/components/form-field';
import { MoneyField } from '@/components/money-input';
import { SelectField } from '@/components/select-field';
import { TextareaField } from '@/components/textarea-field';
import { ImageUpload } from './image-upload';
import { StockField } from './stock-grid';

export interface ProductFormValues {
  nombre: string;
  categoria: string[];
  /** As typed ("2.500,50"); the API gets pesos. */
  precio: string;
  imagen: string;
  descripcion: string;
  portada: '' | 'true' | 'false';
  talle: string[];
  color: string[];
  stock: number | '';
  variantes: ProductVariant[];
}

export const emptyProduct: ProductFormValues = {
  nombre: '',
  categoria: [],
  precio: '',
  imagen: '',
  descripcion: '',
  portada: '',
  talle: [],
  color: [],
  stock: '',
  variantes: [],
};

export function toFormValues(product: Product): ProductFormValues {
  const { nombre, categoria, precio, imagen, descripcion, portada, talle, color, stock, variantes } = product;
  const base = { nombre, categoria, precio, imagen, descripcion, talle, color, stock, variantes };
  return { ...base, precio: moneyInputText(toCentavos(precio)), portada: portada ? 'true' : 'false' };
}

/** The API's product schema, reading the price as it is typed. */
const productFormSchema = withTypedMoney(productSchema, 'precio');

/** The checked form as the API takes it (trimmed, numbers, 'all' added). */
export const toProductInput = (values: ProductFormValues): ProductInput => {
  const grid = variantCombos(values.talle as Size[], values.color as Color[]).length > 1;
  const sent = grid ? values : { ...values, variantes: undefined };
  return normalizeProductInput(productFormSchema.validateSync(sent, { stripUnknown: true }));
};

/** Every product is in 'all' ("Ver todo") anyway, so only the real categories are offered. */
const CATEGORY_OPTIONS = CATEGORIES.filter((c) => c !== 'all').map((c) => ({ value: c, label: CATEGORY_LABELS[c] }));
const SIZE_OPTIONS = SIZES.map((size) => ({ value: size, label: size.toUpperCase() }));
const COLOR_OPTIONS = COLORS.map((color) => ({ value: color, label: COLOR_LABELS[color] }));
const PORTADA_OPTIONS = [
  { value: 'true', label: 'True' },
  { value: 'false', label: 'False' },
];

interface ProductFormProps {
  initialValues: ProductFormValues;
  submitLabel: string;
  onSubmit: (input: ProductInput, helpers: FormikHelpers<ProductFormValues>) => Promise<void>;
}

/** SPEC §3 product fields, checked by the contracts schema with its Spanish messages. */
export function ProductForm({ initialValues, submitLabel, onSubmit }: ProductFormProps) {
  return (
    <Formik<ProductFormValues>
      initialValues={initialValues}
      validationSchema={productFormSchema}
      onSubmit={(values, helpers) => onSubmit(toProductInput(values), helpers)}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <FormField name="nombre" label="Nombre" maxLength={PRODUCT_NAME_MAX} required />
          <CheckboxGroupField name="categoria" legend="Categoría" options={CATEGORY_OPTIONS} />
          <MoneyField name="precio" label="Precio" required />
          <FormField name="imagen" label="Imagen (URL o ruta)" placeholder="/img/productos/…" required />
          <ImageUpload />
          <TextareaField name="descripcion" label="Descripción" required />
          <SelectField
            name="portada"
            label="Portada"
            options={PORTADA_OPTIONS}
            placeholder="Elegí una opción"
            required
          />
          <CheckboxGroupField name="talle" legend="Talle" options={SIZE_OPTIONS} />
          <CheckboxGroupField name="color" legend="Color" options={COLOR_OPTIONS} />
          <StockField />
          <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
            {submitLabel}
          </button>
        </Form>
      )}
    </Formik>
  );
}
