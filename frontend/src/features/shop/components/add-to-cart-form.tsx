import { useId, useState, type FormEvent } from 'react';
import { agreeing, countOf } from '@gym/contracts/format';
import { COLOR_LABELS, type Color, type Size } from '@gym/contracts/catalog';
import { ORDER_DEFAULT_LIMITS } from '@gym/contracts/orders';
import { productMessages } from '@gym/contracts/messages';
import type { CartLine } from '@/lib/cart';
import type { Product } from '@gym/contracts/products';
import { OptionPicker } from './option-picker';
import { QuantityStepper } from './quantity-stepper';
import { notify } from '@/components/notices';

/** `max`: the most the cart may hold of that size and colour (its stock, within the per-order limit). */
export type AddToCart = (item: Omit<CartLine, 'total'>, max: number) => void;

/** Why the button is off, if it is: no stock, or a size or colour still to choose. */
export function missingChoice(product: Product, talle: string, color: string): string | null {
  const needsSize = product.talle.length > 0 && talle === '';
  const needsColor = product.color.length > 0 && color === '';
  if (needsSize && needsColor) return 'Elegí un talle y un color para agregarlo al carrito.';
  if (needsSize) return 'Elegí un talle para agregarlo al carrito.';
  if (needsColor) return 'Elegí un color para agregarlo al carrito.';
  return null;
}

interface AddToCartFormProps {
  product: Product;
  onAdd: AddToCart;
  /** The page shows the picture of the colour chosen. */
  onColorChange?: (color: Color) => void;
}

/** Units of the variant chosen so far: the chosen size and colour, or every variant matching a partial choice. */
export function availableUnits(product: Product, talle: string, color: string): number {
  return product.variantes
    .filter((v) => (talle === '' || v.talle === talle) && (color === '' || v.color === color))
    .reduce((sum, v) => sum + v.stock, 0);
}

/** What is left of the choice so far: a whole choice is one variant ("Quedan 3"), a partial one sums its variants. */
export function stockText(product: Product, talle: string, color: string): string {
  const units = availableUnits(product, talle, color);
  const chosen = (product.talle.length === 0 || talle !== '') && (product.color.length === 0 || color !== '');
  if (units <= 0) return chosen && product.stock > 0 ? 'Sin stock de ese talle y color' : 'Sin stock por el momento';
  if (chosen) return `${agreeing(units, 'Queda', 'Quedan')} ${units}`;
  return countOf(units, 'disponible', 'disponibles');
}

export function AddToCartForm({ product, onAdd, onColorChange }: AddToCartFormProps) {
  const [talle, setTalle] = useState<Size | ''>('');
  const [color, setChosenColor] = useState<Color | ''>('');
  const setColor = (next: Color) => {
    setChosenColor(next);
    onColorChange?.(next);
  };
  const [cantidad, setCantidad] = useState(1);
  const hintId = useId();
  const outOfStock = product.stock <= 0 || availableUnits(product, talle, color) <= 0;
  const sizeSoldOut = (size: Size) => availableUnits(product, size, color) <= 0;
  const colourSoldOut = (option: Color) => availableUnits(product, talle, option) <= 0;
  const hint = outOfStock ? null : missingChoice(product, talle, color);
  // Before a whole choice the cap is the order limit; then the chosen variant's stock too.
  const max = Math.max(
    1,
    Math.min(ORDER_DEFAULT_LIMITS.unitsPerVariant, hint ? Infinity : availableUnits(product, talle, color)),
  );
  const quantity = Math.min(cantidad, max);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (outOfStock || hint) return;
    onAdd({ detalles: product, talle, color, cantidad: quantity }, max);
    notify(productMessages.addedToCart);
  };

  return (
    <form onSubmit={submit} aria-label="Agregar al carrito">
      {product.talle.length > 0 && (
        <OptionPicker
          legend="Talle"
          name="talle"
          options={product.talle}
          value={talle}
          onChange={setTalle}
          unavailable={sizeSoldOut}
          label={(size) => size.toUpperCase()}
        />
      )}
      {product.color.length > 0 && (
        <OptionPicker
          legend="Color"
          name="color"
          options={product.color}
          value={color}
          onChange={setColor}
          unavailable={colourSoldOut}
          label={(option) => (
            <>
              <span className={`color-swatch color-swatch--${option}`} aria-hidden="true" />
              {COLOR_LABELS[option] ?? option}
            </>
          )}
        />
      )}
      <p className="small text-secondary" aria-live="polite">
        {stockText(product, talle, color)}
      </p>
      <QuantityStepper value={quantity} onChange={setCantidad} max={max} />
      <button
        type="submit"
        className="btn btn-primary btn-lg w-100"
        disabled={outOfStock || hint !== null}
        aria-describedby={hint ? hintId : undefined}
      >
        {outOfStock ? productMessages.outOfStock : 'Agregar al carrito'}
      </button>
      {hint && (
        <p id={hintId} className="form-text mt-2 mb-0">
          {hint}
        </p>
      )}
    </form>
  );
}
