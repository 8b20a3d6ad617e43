/**
 * What one anonymous shop buyer may take (staff selling at the desk are not limited): units of one
 * size and colour per order, units per order, and unpaid units held at once per e-mail and per
 * address. The API reads each from the environment (these are its defaults); the cart keeps to
 * the first.
 */
export const ORDER_DEFAULT_LIMITS = { unitsPerVariant: 10, unitsPerOrder: 30, unpaidUnits: 30 } as const;
