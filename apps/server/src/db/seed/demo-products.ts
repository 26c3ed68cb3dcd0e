import type { Queryable } from '../database';

const DAY_MS = 86_400_000;
const TSR_ID = 12;
const USDT_ID = 3;

/** The demo subscription project: the platform token, subscribing from a month ago for a year. */
export async function seedDemoUpstart(tx: Queryable, now: Date): Promise<void> {
  await tx.query(
    `insert into upstart_projects (currency_id, pay_currency_id, title, abstract, content, total, price, stage, start_at, end_at, frozen_hours)
     values ($1, $2, $3, $4, $5, $6, $7, 2, $8, $9, $10)`,
    [
      TSR_ID,
      USDT_ID,
      'Tessera Token (TSR) subscription, round 1',
      'Subscribe to TSR, the platform token of Tessera, with USDT. Subscribed tokens stay locked for 72 hours, then you unlock them into your exchange wallet.',
      '<p>Tessera Token (TSR) is the platform token of Tessera. This round offers 10,000,000 TSR at 0.8 USDT each.</p>' +
        '<ul><li>Pay with USDT from your exchange (change) wallet, in whole multiples of 100 USDT.</li>' +
        '<li>Your TSR stay locked for 72 hours after subscribing; then the unlock button appears in your records.</li>' +
        '<li>The round ends when its time is up or all 10,000,000 TSR are subscribed.</li></ul>',
      '10000000',
      '0.8',
      new Date(now.getTime() - 30 * DAY_MS),
      new Date(now.getTime() + 365 * DAY_MS),
      72,
    ],
  );
}

/** The demo acceptor: the second demo account, taking every payment method, USDT at 1 % each way. */
export async function seedDemoAcceptor(tx: Queryable, account: string): Promise<void> {
  await tx.query(
    `insert into acceptors (user_id, name, currency_id, wechat_nickname, wechat_account, ali_nickname, ali_account,
       bank_name, bank_account, bank_address, recharge_rate, cash_rate, recharge_amount, cash_amount)
     select id, 'Tessera demo acceptor', $2, 'TesseraPay', 'tessera_demo_wx', 'TesseraPay', 'acceptor@tessera.example',
       'Demo Bank', '6222 0000 0000 0001', 'Demo Bank, Shanghai branch', 1, 1, 0, 0
       from users where account = $1`,
    [account, USDT_ID],
  );
}
