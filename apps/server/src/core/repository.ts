import type { Database } from '../db/database';
import { formatAmount, parseAmount } from './amount';
import { keyOf, type Balance, type BalanceKey } from './balance-book';
import type { LedgerEntry } from './command-context';
import type { Wallet } from './wallets';
import { pairFromRow, type SpotPair } from './spot/pair';
import type { SpotOrderState, SpotOrderStatus, SpotSide, SpotTradeRecord } from './spot/state';
import type { WithdrawalBookRows } from './withdrawals/book';
import { shanghaiDayStart, type WithdrawalState, type WithdrawalStatus, type WithdrawalWallet } from './withdrawals/state';

export interface BatchWrite {
  entries: (LedgerEntry & { idempotencyKey: string })[];
  balances: (BalanceKey & Balance)[];
  commands: { key: string; kind: string }[];
  orders: SpotOrderState[];
  trades: SpotTradeRecord[];
  withdrawals: WithdrawalState[];
}

export interface SpotStateRows {
  pairs: SpotPair[];
  openOrders: SpotOrderState[];
  lastOrderId: number;
  lastTradeId: number;
  feeAccount: number;
}

interface OrderRow {
  id: string;
  user_id: number;
  pair_id: number;
  side: SpotSide;
  type: 'limit' | 'market';
  price: string | null;
  quantity: string;
  filled: string;
  filled_quote: string;
  locked: string;
  status: SpotOrderStatus;
  created_at: Date;
  updated_at: Date;
}

/** The core's persistence: what it loads at start and writes per batch. Nothing else writes these tables. */
export class CoreRepository {
  constructor(private readonly db: Database) {}

  async loadBalances(): Promise<Map<string, Balance>> {
    const rows = await this.db.query<{ user_id: number; currency_id: number; wallet: Wallet; available: string; locked: string }>(
      'select user_id, currency_id, wallet, available::text, locked::text from balances',
    );
    return new Map(
      rows.map((row) => [
        keyOf({ userId: row.user_id, currencyId: row.currency_id, wallet: row.wallet }),
        { available: parseAmount(row.available), locked: parseAmount(row.locked) },
      ]),
    );
  }

  async loadSpotState(): Promise<SpotStateRows> {
    const pairs = await this.db.query<Parameters<typeof pairFromRow>[0]>(
      `select p.id, p.currency_id, p.legal_id, c.name || '/' || l.name as symbol, p.price_precision, p.quantity_precision,
              p.maker_fee::text, p.taker_fee::text, p.is_display
         from currency_pairs p join currencies c on c.id = p.currency_id join currencies l on l.id = p.legal_id`,
    );
    const orders = await this.db.query<OrderRow>(
      `select id::text, user_id, pair_id, side, type, price::text, quantity::text, filled::text, filled_quote::text,
              locked::text, status, created_at, updated_at
         from spot_orders where status = 'open' order by id`,
    );
    const [ids] = await this.db.query<{ order_id: string; trade_id: string }>(
      `select (select coalesce(max(id), 0) from spot_orders)::text as order_id, (select coalesce(max(id), 0) from spot_trades)::text as trade_id`,
    );
    const [fee] = await this.db.query<{ id: number }>(`select id from users where kind = 'fee' order by id limit 1`);
    return {
      pairs: pairs.map(pairFromRow),
      openOrders: orders.map((row) => ({
        id: Number(row.id),
        userId: row.user_id,
        pairId: row.pair_id,
        side: row.side,
        type: row.type,
        price: row.price === null ? null : parseAmount(row.price),
        quantity: parseAmount(row.quantity),
        filled: parseAmount(row.filled),
        filledQuote: parseAmount(row.filled_quote),
        locked: parseAmount(row.locked),
        status: row.status,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      })),
      lastOrderId: Number(ids?.order_id ?? 0),
      lastTradeId: Number(ids?.trade_id ?? 0),
      feeAccount: fee?.id ?? 0,
    };
  }

  /** Open withdrawals, today's applied totals (for the daily limit) and the last id. */
  async loadWithdrawals(now: Date): Promise<WithdrawalBookRows> {
    const open = await this.db.query<WithdrawalRow>(
      `select id::text, user_id, currency_id, wallet, network, address, memo, amount::text, fee::text, status, tx_hash, note,
              created_at, updated_at
         from withdrawals where status in ('applying', 'approved') order by id`,
    );
    const today = await this.db.query<{ user_id: number; currency_id: number; amount: string }>(
      `select user_id, currency_id, sum(amount)::text as amount from withdrawals
        where created_at >= $1 and status not in ('rejected', 'failed') group by user_id, currency_id`,
      [shanghaiDayStart(now).toISOString()],
    );
    const [last] = await this.db.query<{ id: string }>('select coalesce(max(id), 0)::text as id from withdrawals');
    return {
      open: open.map(withdrawalFromRow),
      today: today.map((row) => ({ userId: row.user_id, currencyId: row.currency_id, amount: parseAmount(row.amount) })),
      lastId: Number(last?.id ?? 0),
    };
  }

  async loadCommandKeys(): Promise<Set<string>> {
    const rows = await this.db.query<{ idempotency_key: string }>('select idempotency_key from core_commands');
    return new Set(rows.map((row) => row.idempotency_key));
  }

  /**
   * The whole batch in ONE statement: data-modifying CTEs fed by arrays (`unnest`), so a batch
   * costs one round trip whatever its size, and a single statement is atomic without BEGIN and
   * COMMIT. Either all of it is durable, or none of it.
   */
  async writeBatch(batch: BatchWrite): Promise<void> {
    const params: unknown[] = [];
    const array = (values: unknown[], type: string) => `$${params.push(values)}::${type}[]`;
    const parts: string[] = [];
    if (batch.commands.length > 0) {
      parts.push(`insert into core_commands (idempotency_key, kind)
        select * from unnest(${array(batch.commands.map((c) => c.key), 'text')}, ${array(batch.commands.map((c) => c.kind), 'text')})`);
    }
    if (batch.entries.length > 0) {
      const e = batch.entries;
      parts.push(`insert into ledger_entries (user_id, currency_id, wallet, delta_available, delta_locked, reason, reference, idempotency_key)
        select * from unnest(${array(e.map((x) => x.userId), 'int')}, ${array(e.map((x) => x.currencyId), 'int')}, ${array(e.map((x) => x.wallet), 'text')},
          ${array(e.map((x) => formatAmount(x.deltaAvailable)), 'numeric')}, ${array(e.map((x) => formatAmount(x.deltaLocked)), 'numeric')},
          ${array(e.map((x) => x.reason), 'text')}, ${array(e.map((x) => x.reference), 'text')}, ${array(e.map((x) => x.idempotencyKey), 'text')})`);
    }
    if (batch.balances.length > 0) {
      const b = batch.balances;
      // the core knows the resulting balance: it writes the value, not an increment
      parts.push(`insert into balances (user_id, currency_id, wallet, available, locked, updated_at)
        select u, c, w, a, l, now() from unnest(${array(b.map((x) => x.userId), 'int')}, ${array(b.map((x) => x.currencyId), 'int')},
          ${array(b.map((x) => x.wallet), 'text')}, ${array(b.map((x) => formatAmount(x.available)), 'numeric')},
          ${array(b.map((x) => formatAmount(x.locked)), 'numeric')}) as t(u, c, w, a, l)
        on conflict (user_id, currency_id, wallet) do update
          set available = excluded.available, locked = excluded.locked, updated_at = excluded.updated_at`);
    }
    if (batch.orders.length > 0) {
      const o = batch.orders;
      parts.push(`insert into spot_orders (id, user_id, pair_id, side, type, price, quantity, filled, filled_quote, locked, status, created_at, updated_at)
        select * from unnest(${array(o.map((x) => x.id), 'bigint')}, ${array(o.map((x) => x.userId), 'int')}, ${array(o.map((x) => x.pairId), 'int')},
          ${array(o.map((x) => x.side), 'text')}, ${array(o.map((x) => x.type), 'text')},
          ${array(o.map((x) => (x.price === null ? null : formatAmount(x.price))), 'numeric')}, ${array(o.map((x) => formatAmount(x.quantity)), 'numeric')},
          ${array(o.map((x) => formatAmount(x.filled)), 'numeric')}, ${array(o.map((x) => formatAmount(x.filledQuote)), 'numeric')},
          ${array(o.map((x) => formatAmount(x.locked)), 'numeric')}, ${array(o.map((x) => x.status), 'text')},
          ${array(o.map((x) => x.createdAt.toISOString()), 'timestamptz')}, ${array(o.map((x) => x.updatedAt.toISOString()), 'timestamptz')})
        on conflict (id) do update set filled = excluded.filled, filled_quote = excluded.filled_quote, locked = excluded.locked,
          status = excluded.status, updated_at = excluded.updated_at`);
    }
    if (batch.trades.length > 0) {
      const t = batch.trades;
      parts.push(`insert into spot_trades (id, pair_id, price, quantity, taker_side, buy_order_id, sell_order_id, buyer_id, seller_id, buyer_fee, seller_fee, created_at)
        select * from unnest(${array(t.map((x) => x.id), 'bigint')}, ${array(t.map((x) => x.pairId), 'int')},
          ${array(t.map((x) => formatAmount(x.price)), 'numeric')}, ${array(t.map((x) => formatAmount(x.quantity)), 'numeric')},
          ${array(t.map((x) => x.takerSide), 'text')}, ${array(t.map((x) => x.buyOrderId), 'bigint')}, ${array(t.map((x) => x.sellOrderId), 'bigint')},
          ${array(t.map((x) => x.buyerId), 'int')}, ${array(t.map((x) => x.sellerId), 'int')},
          ${array(t.map((x) => formatAmount(x.buyerFee)), 'numeric')}, ${array(t.map((x) => formatAmount(x.sellerFee)), 'numeric')},
          ${array(t.map((x) => x.createdAt.toISOString()), 'timestamptz')})`);
    }
    if (batch.withdrawals.length > 0) {
      const w = batch.withdrawals;
      parts.push(`insert into withdrawals (id, user_id, currency_id, wallet, network, address, memo, amount, fee, status, tx_hash, note, created_at, updated_at)
        select * from unnest(${array(w.map((x) => x.id), 'bigint')}, ${array(w.map((x) => x.userId), 'int')}, ${array(w.map((x) => x.currencyId), 'int')},
          ${array(w.map((x) => x.wallet), 'text')}, ${array(w.map((x) => x.network), 'text')}, ${array(w.map((x) => x.address), 'text')},
          ${array(w.map((x) => x.memo), 'text')}, ${array(w.map((x) => formatAmount(x.amount)), 'numeric')},
          ${array(w.map((x) => formatAmount(x.fee)), 'numeric')}, ${array(w.map((x) => x.status), 'text')},
          ${array(w.map((x) => x.txHash), 'text')}, ${array(w.map((x) => x.note), 'text')},
          ${array(w.map((x) => x.createdAt.toISOString()), 'timestamptz')}, ${array(w.map((x) => x.updatedAt.toISOString()), 'timestamptz')})
        on conflict (id) do update set status = excluded.status, tx_hash = excluded.tx_hash, note = excluded.note, updated_at = excluded.updated_at`);
    }
    if (parts.length === 0) return;
    const ctes = parts.map((part, index) => `w${index} as (${part})`).join(',\n');
    await this.db.queryPrepared(`with ${ctes} select 1`, params);
  }
}

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
  status: WithdrawalStatus;
  tx_hash: string;
  note: string;
  created_at: Date;
  updated_at: Date;
}

export function withdrawalFromRow(row: WithdrawalRow): WithdrawalState {
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
    status: row.status,
    txHash: row.tx_hash,
    note: row.note,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
