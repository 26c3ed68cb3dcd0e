import type { Queryable } from '../../db/database';

export interface PaymentOrderRow {
  order_no: string;
  user_id: number;
  currency_id: number;
  fiat_amount: string;
  amount: string;
  status: 'open' | 'paid';
  created_at: Date;
  paid_at: Date | null;
}

/** Card payment orders: opened by the payment form, marked paid once the gateway's callback credited them. */
export class PaymentRepository {
  constructor(private readonly db: Queryable) {}

  async open(order: { orderNo: string; userId: number; currencyId: number; fiatAmount: string; amount: string; at: Date }): Promise<void> {
    await this.db.query(
      `insert into payment_orders (order_no, user_id, currency_id, fiat_amount, amount, status, created_at) values ($1, $2, $3, $4, $5, 'open', $6)`,
      [order.orderNo, order.userId, order.currencyId, order.fiatAmount, order.amount, order.at],
    );
  }

  async find(orderNo: string): Promise<PaymentOrderRow | undefined> {
    const [row] = await this.db.query<PaymentOrderRow>(
      'select order_no, user_id, currency_id, fiat_amount::text, amount::text, status, created_at, paid_at from payment_orders where order_no = $1',
      [orderNo],
    );
    return row;
  }

  async markPaid(orderNo: string, at: Date): Promise<void> {
    await this.db.query(`update payment_orders set status = 'paid', paid_at = coalesce(paid_at, $2) where order_no = $1`, [orderNo, at]);
  }
}
