import { PaymentGatewayForm } from './PaymentGatewayForm';

/** `/account/payment`: the card payment form (the payment-methods settings are composed beside it). */
export function PaymentPage() {
  return (
    <div className="grid gap-5" data-testid="payment-page">
      <PaymentGatewayForm />
    </div>
  );
}
