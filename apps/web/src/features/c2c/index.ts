/** What the c2c feature offers other features: the payment-methods card (the account centre places it). */
export { PaymentMethodsPage } from './PaymentMethodsPage';
