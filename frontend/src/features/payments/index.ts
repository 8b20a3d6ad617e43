export { OrderPayment } from './components/order-payment';
export { RenewalCard } from './components/renewal-card';
export { startOrderCheckout, goTo } from './api/mercadopago-api';
