/** What the acceptor feature offers other features: the card payment form (the payment page composes it). */
export { PaymentGatewayForm } from './PaymentGatewayForm';
