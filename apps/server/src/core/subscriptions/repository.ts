import type { Queryable } from '../../db/database';
import { formatAmount, parseAmount, type Atoms } from '../amount';
import type { CoreTable } from '../kind';
import type { SubscriptionState, SubscriptionStatus } from './state';

export interface SubscriptionBookRows {
  open: SubscriptionState[];
  /** tokens subscribed per project, every status */
  sold: { projectId: number; amount: Atoms }[];
  lastId: number;
  /** the platform's own account: it receives what subscribers pay */
  houseAccount: number;
}

interface SubscriptionRow {
  id: string;
  user_id: number;
  project_id: number;
  currency_id: number;
  pay_currency_id: number;
  paid: string;
  price: string;
  amount: string;
  status: number;
  unlock_at: Date;
  created_at: Date;
  updated_at: Date;
}

export async function loadSubscriptions(db: Queryable): Promise<SubscriptionBookRows> {
  const open = await db.query<SubscriptionRow>(
    `select id::text, user_id, project_id, currency_id, pay_currency_id, paid::text, price::text, amount::text, status,
            unlock_at, created_at, updated_at
       from upstart_subscriptions where status < 3 order by id`,
  );
  const sold = await db.query<{ project_id: number; amount: string }>(
    'select project_id, sum(amount)::text as amount from upstart_subscriptions group by project_id',
  );
  const [last] = await db.query<{ id: string }>('select coalesce(max(id), 0)::text as id from upstart_subscriptions');
  const [house] = await db.query<{ id: number }>(`select id from users where kind = 'house' order by id limit 1`);
  return {
    open: open.map(subscriptionFromRow),
    sold: sold.map((row) => ({ projectId: row.project_id, amount: parseAmount(row.amount) })),
    lastId: Number(last?.id ?? 0),
    houseAccount: house?.id ?? 0,
  };
}

function subscriptionFromRow(row: SubscriptionRow): SubscriptionState {
  return {
    id: Number(row.id),
    userId: row.user_id,
    projectId: row.project_id,
    currencyId: row.currency_id,
    payCurrencyId: row.pay_currency_id,
    paid: parseAmount(row.paid),
    price: parseAmount(row.price),
    amount: parseAmount(row.amount),
    status: row.status as SubscriptionStatus,
    unlockAt: row.unlock_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Subscriptions a batch opened or moved on, each once in its final state (a new object per step). */
export const SUBSCRIPTIONS: CoreTable<SubscriptionState> = {
  name: 'upstart_subscriptions',
  key: (subscription) => subscription.id,
  statement(source, subscriptions) {
    const rows = subscriptions.map((x) => ({
      id: x.id,
      u: x.userId,
      p: x.projectId,
      c: x.currencyId,
      pc: x.payCurrencyId,
      pd: formatAmount(x.paid),
      pr: formatAmount(x.price),
      a: formatAmount(x.amount),
      s: x.status,
      ul: x.unlockAt.toISOString(),
      ca: x.createdAt.toISOString(),
      ua: x.updatedAt.toISOString(),
    }));
    return `insert into upstart_subscriptions (id, user_id, project_id, currency_id, pay_currency_id, paid, price, amount, status, unlock_at, created_at, updated_at)
        select id, u, p, c, pc, pd, pr, a, s, ul, ca, ua
          from ${source(rows, 'id bigint, u int, p int, c int, pc int, pd numeric, pr numeric, a numeric, s smallint, ul timestamptz, ca timestamptz, ua timestamptz')}
        on conflict (id) do update set status = excluded.status, updated_at = excluded.updated_at`;
  },
  publish: (events, subscriptions) => events.emit('subscriptions', subscriptions),
};

/** Subscriptions naming a user, currency or project that does not exist. */
export const SUBSCRIPTION_ORPHANS = `select 'upstart_subscriptions' as table_name, count(*)::int as rows from upstart_subscriptions s
  where not exists (select 1 from users u where u.id = s.user_id)
     or not exists (select 1 from currencies c where c.id = s.currency_id)
     or not exists (select 1 from currencies c where c.id = s.pay_currency_id)
     or not exists (select 1 from upstart_projects p where p.id = s.project_id)`;

/**
 * Subscriptions whose tokens are not what they paid for: `amount` must be `paid ÷ price` floored
 * to the token's precision, that is `amount × price ≤ paid < (amount + one step) × price`.
 */
export const SUBSCRIPTION_RECOMPUTED = `select 'upstart_subscriptions' as table_name, s.id::text as id,
    case when s.amount * s.price > s.paid or (s.amount + ('1e-' || c.decimals)::numeric) * s.price <= s.paid
         then 'amount ' || s.amount::text || ' is not paid ' || s.paid::text || ' ÷ price ' || s.price::text || ', floored' else '' end as problem
  from upstart_subscriptions s join currencies c on c.id = s.currency_id`;
