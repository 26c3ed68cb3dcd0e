import type { Queryable } from '../../db/database';
import { formatAmount, parseAmount } from '../amount';
import type { CoreTable } from '../kind';
import type { WithdrawalBookRows } from './book';
import { shanghaiDayStart, type WithdrawalState, type WithdrawalStatus, type WithdrawalWallet } from './state';

interface WithdrawalRow {
  id: string;
  user_id: number;
  currency_id: number;
  wallet: WithdrawalWallet;
  network: string;
  address: string;
  memo: string;
  amount: string;
  fee: string;
  recipient_id: number | null;
  usdt_value: string | null;
  status: WithdrawalStatus;
  tx_hash: string;
  note: string;
  created_at: Date;
  updated_at: Date;
}

/** Open withdrawals, today's applied totals (for the daily limit) and the last id. */
export async function loadWithdrawals(db: Queryable, now: Date): Promise<WithdrawalBookRows> {
  const open = await db.query<WithdrawalRow>(
    `select id::text, user_id, currency_id, wallet, network, address, memo, amount::text, fee::text, recipient_id, usdt_value::text, status, tx_hash, note,
            created_at, updated_at
       from withdrawals where status in ('applying', 'approved') order by id`,
  );
  const todayUsdt = await db.query<{ user_id: number; value: string }>(
    `select user_id, sum(usdt_value)::text as value from withdrawals
      where created_at >= $1 and status not in ('rejected', 'failed') and usdt_value is not null group by user_id`,
    [shanghaiDayStart(now).toISOString()],
  );
  const today = await db.query<{ user_id: number; currency_id: number; amount: string }>(
    `select user_id, currency_id, sum(amount)::text as amount from withdrawals
      where created_at >= $1 and status not in ('rejected', 'failed') group by user_id, currency_id`,
    [shanghaiDayStart(now).toISOString()],
  );
  const [last] = await db.query<{ id: string }>('select coalesce(max(id), 0)::text as id from withdrawals');
  return {
    open: open.map(withdrawalFromRow),
    today: today.map((row) => ({ userId: row.user_id, currencyId: row.currency_id, amount: parseAmount(row.amount) })),
    todayUsdt: todayUsdt.map((row) => ({ userId: row.user_id, value: parseAmount(row.value) })),
    lastId: Number(last?.id ?? 0),
  };
}

function withdrawalFromRow(row: WithdrawalRow): WithdrawalState {
  return {
    id: Number(row.id),
    userId: row.user_id,
    currencyId: row.currency_id,
    wallet: row.wallet,
    network: row.network,
    address: row.address,
    memo: row.memo,
    amount: parseAmount(row.amount),
    fee: parseAmount(row.fee),
    recipientId: row.recipient_id,
    usdtValue: row.usdt_value === null ? null : parseAmount(row.usdt_value),
    status: row.status,
    txHash: row.tx_hash,
    note: row.note,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Withdrawals a batch opened or moved on, each once in its final state (a new object per step). */
export const WITHDRAWALS: CoreTable<WithdrawalState> = {
  name: 'withdrawals',
  key: (withdrawal) => withdrawal.id,
  statement(source, withdrawals) {
    const rows = withdrawals.map((x) => ({
      id: x.id,
      u: x.userId,
      c: x.currencyId,
      w: x.wallet,
      n: x.network,
      ad: x.address,
      m: x.memo,
      a: formatAmount(x.amount),
      f: formatAmount(x.fee),
      rc: x.recipientId,
      uv: x.usdtValue === null ? null : formatAmount(x.usdtValue),
      s: x.status,
      h: x.txHash,
      note: x.note,
      ca: x.createdAt.toISOString(),
      ua: x.updatedAt.toISOString(),
    }));
    return `insert into withdrawals (id, user_id, currency_id, wallet, network, address, memo, amount, fee, recipient_id, usdt_value, status, tx_hash, note, created_at, updated_at)
        select id, u, c, w, n, ad, m, a, f, rc, uv, s, h, note, ca, ua
          from ${source(rows, 'id bigint, u int, c int, w text, n text, ad text, m text, a numeric, f numeric, rc int, uv numeric, s text, h text, note text, ca timestamptz, ua timestamptz')}
        on conflict (id) do update set status = excluded.status, tx_hash = excluded.tx_hash, note = excluded.note, updated_at = excluded.updated_at`;
  },
  publish: (events, withdrawals) => events.emit('withdrawals', withdrawals),
};
