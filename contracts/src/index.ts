export * from './accounts';
export * from './cart';
export * from './catalog';
export * from './errors';
export * from './format';
export * from './messages';
export * from './products';
export * from './product-filters';
