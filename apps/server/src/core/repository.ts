import type { Database, Queryable } from '../db/database';
import { formatAmount, parseAmount } from './amount';
import { keyOf, type Balance, type BalanceKey } from './balance-book';
import type { LedgerEntry } from './command-context';
import type { Wallet } from './wallets';
import { pairFromRow, type SpotPair } from './spot/pair';
import type { SpotOrderState, SpotOrderStatus, SpotSide, SpotTradeRecord } from './spot/state';

export interface BatchWrite {
  entries: (LedgerEntry & { idempotencyKey: string })[];
  balances: (BalanceKey & Balance)[];
  commands: { key: string; kind: string }[];
  orders: SpotOrderState[];
  trades: SpotTradeRecord[];
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

/** Rows per multi-row insert: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

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

  async loadCommandKeys(): Promise<Set<string>> {
    const rows = await this.db.query<{ idempotency_key: string }>('select idempotency_key from core_commands');
    return new Set(rows.map((row) => row.idempotency_key));
  }

  /** One transaction for the whole batch: all of it is durable, or none of it. */
  async writeBatch(batch: BatchWrite): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (let start = 0; start < batch.commands.length; start += CHUNK) {
        await insertRows(tx, 'core_commands', ['idempotency_key', 'kind'], batch.commands.slice(start, start + CHUNK).map((c) => [c.key, c.kind]));
      }
      for (let start = 0; start < batch.entries.length; start += CHUNK) {
        await insertRows(
          tx,
          'ledger_entries',
          ['user_id', 'currency_id', 'wallet', 'delta_available', 'delta_locked', 'reason', 'reference', 'idempotency_key'],
          batch.entries
            .slice(start, start + CHUNK)
            .map((e) => [e.userId, e.currencyId, e.wallet, formatAmount(e.deltaAvailable), formatAmount(e.deltaLocked), e.reason, e.reference, e.idempotencyKey]),
        );
      }
      for (let start = 0; start < batch.balances.length; start += CHUNK) {
        await upsertBalances(tx, batch.balances.slice(start, start + CHUNK));
      }
      for (let start = 0; start < batch.orders.length; start += CHUNK) {
        await upsertOrders(tx, batch.orders.slice(start, start + CHUNK));
      }
      for (let start = 0; start < batch.trades.length; start += CHUNK) {
        await insertRows(
          tx,
          'spot_trades',
          ['id', 'pair_id', 'price', 'quantity', 'taker_side', 'buy_order_id', 'sell_order_id', 'buyer_id', 'seller_id', 'buyer_fee', 'seller_fee', 'created_at'],
          batch.trades
            .slice(start, start + CHUNK)
            .map((t) => [t.id, t.pairId, formatAmount(t.price), formatAmount(t.quantity), t.takerSide, t.buyOrderId, t.sellOrderId, t.buyerId, t.sellerId, formatAmount(t.buyerFee), formatAmount(t.sellerFee), t.createdAt]),
        );
      }
    });
  }
}

async function insertRows(tx: Queryable, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const params: unknown[] = [];
  const tuples = rows.map((row) => `(${row.map((value) => `$${params.push(value)}`).join(', ')})`);
  await tx.query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, params);
}

/** The core knows the resulting balance: it writes the value, not an increment. */
async function upsertBalances(tx: Queryable, balances: (BalanceKey & Balance)[]): Promise<void> {
  if (balances.length === 0) return;
  const params: unknown[] = [];
  const tuples = balances.map(
    (b) =>
      `($${params.push(b.userId)}, $${params.push(b.currencyId)}, $${params.push(b.wallet)}, $${params.push(formatAmount(b.available))}::numeric, $${params.push(formatAmount(b.locked))}::numeric, now())`,
  );
  await tx.query(
    `insert into balances (user_id, currency_id, wallet, available, locked, updated_at) values ${tuples.join(', ')}
     on conflict (user_id, currency_id, wallet) do update
       set available = excluded.available, locked = excluded.locked, updated_at = excluded.updated_at`,
    params,
  );
}

async function upsertOrders(tx: Queryable, orders: SpotOrderState[]): Promise<void> {
  if (orders.length === 0) return;
  const columns = ['id', 'user_id', 'pair_id', 'side', 'type', 'price', 'quantity', 'filled', 'filled_quote', 'locked', 'status', 'created_at', 'updated_at'];
  const params: unknown[] = [];
  const tuples = orders.map((o) => {
    const values = [
      o.id,
      o.userId,
      o.pairId,
      o.side,
      o.type,
      o.price === null ? null : formatAmount(o.price),
      formatAmount(o.quantity),
      formatAmount(o.filled),
      formatAmount(o.filledQuote),
      formatAmount(o.locked),
      o.status,
      o.createdAt,
      o.updatedAt,
    ];
    return `(${values.map((value) => `$${params.push(value)}`).join(', ')})`;
  });
  await tx.query(
    `insert into spot_orders (${columns.join(', ')}) values ${tuples.join(', ')}
     on conflict (id) do update set filled = excluded.filled, filled_quote = excluded.filled_quote, locked = excluded.locked,
       status = excluded.status, updated_at = excluded.updated_at`,
    params,
  );
}
