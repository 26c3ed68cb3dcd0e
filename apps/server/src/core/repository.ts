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
      `select id::text, user_id, currency_id, wallet, network, address, memo, amount::text, fee::text, recipient_id, status, tx_hash, note,
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
   * The whole batch in ONE statement: data-modifying CTEs, each fed by one JSON parameter of its
   * rows (`json_to_recordset`), so a batch costs one round trip whatever its size, and a single
   * statement is atomic without BEGIN and COMMIT. Either all of it is durable, or none of it.
   * (JSON rather than one array per column: V8 writes it natively, where array parameters are
   * escaped element by element.)
   */
  async writeBatch(batch: BatchWrite): Promise<void> {
    const params: string[] = [];
    const rows = (values: object[], columns: string) => `json_to_recordset($${params.push(JSON.stringify(values))}::json) as t(${columns})`;
    const parts: string[] = [];
    if (batch.commands.length > 0) {
      parts.push(`insert into core_commands (idempotency_key, kind)
        select k, kind from ${rows(batch.commands.map((c) => ({ k: c.key, kind: c.kind })), 'k text, kind text')}`);
    }
    if (batch.entries.length > 0) {
      const entries = batch.entries.map((x) => ({
        u: x.userId,
        c: x.currencyId,
        w: x.wallet,
        a: formatAmount(x.deltaAvailable),
        l: formatAmount(x.deltaLocked),
        r: x.reason,
        ref: x.reference,
        k: x.idempotencyKey,
      }));
      parts.push(`insert into ledger_entries (user_id, currency_id, wallet, delta_available, delta_locked, reason, reference, idempotency_key)
        select u, c, w, a, l, r, ref, k from ${rows(entries, 'u int, c int, w text, a numeric, l numeric, r text, ref text, k text')}`);
    }
    if (batch.balances.length > 0) {
      const balances = batch.balances.map((x) => ({ u: x.userId, c: x.currencyId, w: x.wallet, a: formatAmount(x.available), l: formatAmount(x.locked) }));
      // the core knows the resulting balance: it writes the value, not an increment
      parts.push(`insert into balances (user_id, currency_id, wallet, available, locked, updated_at)
        select u, c, w, a, l, now() from ${rows(balances, 'u int, c int, w text, a numeric, l numeric')}
        on conflict (user_id, currency_id, wallet) do update
          set available = excluded.available, locked = excluded.locked, updated_at = excluded.updated_at`);
    }
    if (batch.orders.length > 0) {
      const orders = batch.orders.map((x) => ({
        id: x.id,
        u: x.userId,
        p: x.pairId,
        side: x.side,
        type: x.type,
        price: x.price === null ? null : formatAmount(x.price),
        q: formatAmount(x.quantity),
        f: formatAmount(x.filled),
        fq: formatAmount(x.filledQuote),
        l: formatAmount(x.locked),
        s: x.status,
        ca: x.createdAt.toISOString(),
        ua: x.updatedAt.toISOString(),
      }));
      parts.push(`insert into spot_orders (id, user_id, pair_id, side, type, price, quantity, filled, filled_quote, locked, status, created_at, updated_at)
        select id, u, p, side, type, price, q, f, fq, l, s, ca, ua
          from ${rows(orders, 'id bigint, u int, p int, side text, type text, price numeric, q numeric, f numeric, fq numeric, l numeric, s text, ca timestamptz, ua timestamptz')}
        on conflict (id) do update set filled = excluded.filled, filled_quote = excluded.filled_quote, locked = excluded.locked,
          status = excluded.status, updated_at = excluded.updated_at`);
    }
    if (batch.trades.length > 0) {
      const trades = batch.trades.map((x) => ({
        id: x.id,
        p: x.pairId,
        price: formatAmount(x.price),
        q: formatAmount(x.quantity),
        side: x.takerSide,
        bo: x.buyOrderId,
        so: x.sellOrderId,
        b: x.buyerId,
        s: x.sellerId,
        bf: formatAmount(x.buyerFee),
        sf: formatAmount(x.sellerFee),
        ca: x.createdAt.toISOString(),
      }));
      parts.push(`insert into spot_trades (id, pair_id, price, quantity, taker_side, buy_order_id, sell_order_id, buyer_id, seller_id, buyer_fee, seller_fee, created_at)
        select id, p, price, q, side, bo, so, b, s, bf, sf, ca
          from ${rows(trades, 'id bigint, p int, price numeric, q numeric, side text, bo bigint, so bigint, b int, s int, bf numeric, sf numeric, ca timestamptz')}`);
    }
    if (batch.withdrawals.length > 0) {
      const withdrawals = batch.withdrawals.map((x) => ({
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
        s: x.status,
        h: x.txHash,
        note: x.note,
        ca: x.createdAt.toISOString(),
        ua: x.updatedAt.toISOString(),
      }));
      parts.push(`insert into withdrawals (id, user_id, currency_id, wallet, network, address, memo, amount, fee, recipient_id, status, tx_hash, note, created_at, updated_at)
        select id, u, c, w, n, ad, m, a, f, rc, s, h, note, ca, ua
          from ${rows(withdrawals, 'id bigint, u int, c int, w text, n text, ad text, m text, a numeric, f numeric, rc int, s text, h text, note text, ca timestamptz, ua timestamptz')}
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
  recipient_id: number | null;
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
    recipientId: row.recipient_id,
    status: row.status,
    txHash: row.tx_hash,
    note: row.note,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
