import { PaymentMethodsPage } from '../c2c';
import { PaymentGatewayForm } from './PaymentGatewayForm';

/** `/account/payment`: the user's payment methods (what c2c buyers pay to) and the card payment form. */
export function PaymentPage() {
  return (
    <div className="grid gap-5" data-testid="payment-page">
      <PaymentMethodsPage />
      <PaymentGatewayForm />
    </div>
  );
}
