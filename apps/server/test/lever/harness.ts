import { parseAmount, type Atoms } from '../../src/core/amount';
import { Core } from '../../src/core/core';
import type { CommandResult } from '../../src/core/kind';
import type { CoreCommand } from '../../src/core/kinds';
import type { LeverOpenCommand } from '../../src/core/lever/commands';
import { CoreRepository } from '../../src/core/repository';
import type { Wallet } from '../../src/core/wallets';
import type { Database } from '../../src/db/database';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { createTestDatabase, type DatabaseKind } from '../support/test-app';
import type { IndexFeed } from '../../src/modules/index-prices/feed';

export const BTC = 1;
export const ETH = 2;
export const USDT = 3;

let sequence = 0;
/** A fresh idempotency key. */
export const key = (prefix = 'lever-test') => `${prefix}-${(sequence += 1)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * Drives a real core on a test database: funds users, moves the BTC/USDT mark with index ticks
 * (as the index feed would, repeating each pair's last price every second so it stays fresh),
 * opens and closes lever positions, and waits until every command the core fired itself
 * (triggers, deadlines) is durable.
 */
export class LeverHarness {
  core!: Core;
  pairId = 0;
  /** two users who trade spot with each other to set the mark */
  makers: [number, number] = [0, 0];
  house = 0;
  insurance = 0;
  /** the index each pair was last set to, repeated every second while the harness runs */
  private readonly indexes = new Map<number, Atoms>();
  private heartbeat: NodeJS.Timeout | undefined;
  private feed: IndexFeed | undefined;
  /** faults the core reported: a test expects none */
  readonly faults: unknown[] = [];

  constructor(
    readonly db: Database,
    private readonly clock?: () => Date,
  ) {}

  /**
   * A harness on a fresh, migrated database of `kind`, its core started and its accounts read.
   * `heartbeat: false`: the index is not repeated every second (a test moves it tick by tick).
   */
  static async open(kind: DatabaseKind, options: { clock?: () => Date; heartbeat?: boolean } = {}): Promise<LeverHarness> {
    const db = await createTestDatabase(kind);
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    const harness = new LeverHarness(db, options.clock);
    await harness.start();
    if (options.heartbeat === false) harness.stopHeartbeat();
    await harness.init();
    return harness;
  }

  /** Drives a core that is already running (an app's), whose index feed then holds the prices this harness sets. */
  use(core: Core, feed?: IndexFeed): this {
    this.core = core;
    this.feed = feed;
    return this;
  }

  async start(): Promise<Core> {
    this.core = new Core(new CoreRepository(this.db), (error) => this.faults.push(error), this.clock);
    await this.core.start();
    this.heartbeat = setInterval(() => {
      for (const [pairId, price] of this.indexes) void this.tick(pairId, price).catch(() => undefined);
    }, 1000);
    this.heartbeat.unref();
    return this.core;
  }

  /** Stops repeating the index (the feed stopped): it goes stale five seconds later. */
  stopHeartbeat(): void {
    clearInterval(this.heartbeat);
  }

  /** One index tick of the pair at `price`, from one test source. */
  tick(pairId: number, price: Atoms): Promise<CommandResult> {
    return this.core.execute({ kind: 'index_tick', key: key('index'), ticks: [{ pairId, sources: [{ name: 'test', value: price, at: Date.now(), used: true }] }] });
  }

  async init(): Promise<void> {
    const [pair] = await this.db.query<{ id: number }>('select id from currency_pairs where currency_id = $1 and legal_id = $2', [BTC, USDT]);
    this.pairId = pair?.id ?? 0;
    const accounts = await this.db.query<{ id: number; kind: string }>(`select id, kind from users where kind in ('house', 'insurance')`);
    this.house = accounts.find((row) => row.kind === 'house')?.id ?? 0;
    this.insurance = accounts.find((row) => row.kind === 'insurance')?.id ?? 0;
    this.makers = [await this.newUser(), await this.newUser()];
    for (const userId of this.makers) {
      await this.fund(userId, 'change', '100000000', USDT);
      await this.fund(userId, 'change', '1000', BTC);
      await this.fund(userId, 'change', '100000', ETH);
    }
  }

  /** The id of the USDT pair of a base currency. */
  async pairOf(currencyId: number): Promise<number> {
    const [pair] = await this.db.query<{ id: number }>('select id from currency_pairs where currency_id = $1 and legal_id = $2', [currencyId, USDT]);
    return pair?.id ?? 0;
  }

  async newUser(): Promise<number> {
    const tag = `${Date.now().toString(36)}${(sequence += 1)}`;
    const [row] = await this.db.query<{ id: number }>(
      `insert into users (account, password_hash, extension_code) values ($1, '!', $2) returning id`,
      [`lever-${tag}@test.example`, `LV${tag}`.slice(0, 16)],
    );
    return row?.id ?? 0;
  }

  fund(userId: number, wallet: Wallet, amount: string, currencyId = USDT): Promise<CommandResult> {
    return this.core.execute({ kind: 'adjust', key: key('fund'), userId, currencyId, wallet, amount: parseAmount(amount), reason: 'adjustment', reference: 'lever test funds' });
  }

  /** Sets the pair's index to `price` with a tick: with no deep book to lean on, the mark becomes `price`. */
  async markAt(price: string, pairId = this.pairId): Promise<void> {
    const at = parseAmount(price);
    if (this.feed) await this.feed.pin(pairId, at);
    else {
      this.indexes.set(pairId, at);
      await this.tick(pairId, at);
    }
    await this.settle();
  }

  /** Waits until the commands the core fired itself (and those they fired) are durable. */
  async settle(): Promise<void> {
    for (let round = 0; round < 6; round += 1) {
      await this.core.execute({ kind: 'adjust', key: key('barrier'), userId: this.makers[0], currencyId: USDT, wallet: 'micro', amount: 1n, reason: 'adjustment', reference: 'barrier' });
    }
  }

  open(userId: number, input: Partial<Omit<LeverOpenCommand, 'kind' | 'key' | 'userId'>> = {}): Promise<CommandResult> {
    return this.core.execute({ kind: 'lever_open', key: key('open'), userId, pairId: this.pairId, type: 1, mode: 'market', multiple: 10, hands: 1, ...input } as CoreCommand);
  }

  lever(userId: number, currencyId = USDT) {
    return this.core.read.balance({ userId, currencyId, wallet: 'lever' });
  }

  async trade(id: number) {
    const [row] = await this.db.query<{ status: number; profits: string | null; close_reason: string | null; price: string; close_price: string | null; margin: string; fee: string; close_mark: string | null; open_mark: string | null }>(
      'select status, profits::text, close_reason, price::text, close_price::text, margin::text, fee::text, close_mark::text, open_mark::text from lever_trades where id = $1',
      [id],
    );
    return row;
  }
}

export const atoms = parseAmount;
