import { randomBytes, randomInt } from 'node:crypto';
import { LIABILITY_SALT_BYTES } from '@tessera/protocol';
import { formatAmount, parseAmount } from '../../core/amount';
import { parseKey, type Balance } from '../../core/balance-book';
import type { CoreEventEmitter } from '../../core/events';
import type { Clock } from '../../lib/time';
import type { LiabilityRepository } from './repository';
import { SumTree, type StoredLeaf } from './sum-tree';

/** Each account's balance per currency: currency → account → amount. */
type Holdings = Map<number, Map<number, bigint>>;

const ENTRIES_PER_TURN = 50_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Turns the core's snapshots of every balance into published Merkle sum trees: one per currency
 * over the users' balances (every wallet, available and locked), the platform's own accounts
 * listed apart. It runs beside the core (one per database, as the core is), one snapshot at a
 * time, yielding to the event loop as it goes: the core was held only for its copy of the
 * balances. A snapshot a stop interrupted is built again from the ledger up to its boundary,
 * which gives the same balances (the audit checks the published totals against that ledger).
 */
export class LiabilityBuilder {
  private work: Promise<void> = Promise.resolve();
  private closed = false;
  private onFault: (error: unknown) => void = () => {};

  constructor(
    private readonly repository: LiabilityRepository,
    private readonly clock: Clock,
  ) {}

  /** A build that fails is reported here; its snapshot stays unpublished and is built again at the next start. */
  reportFaultsTo(onFault: (error: unknown) => void): void {
    this.onFault = onFault;
  }

  /** Builds every snapshot the core takes from now on, after those still unpublished. */
  start(events: CoreEventEmitter): void {
    this.enqueue(() => this.recover());
    events.on('liabilities', (snapshots) => {
      for (const snapshot of snapshots) this.enqueue(() => this.build(snapshot.id, () => holdingsFromBook(snapshot.balances)));
    });
  }

  /** Resolves once the builds queued so far are done (tests, and the publish call that waits). */
  idle(): Promise<void> {
    return this.work;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.work;
  }

  private enqueue(job: () => Promise<void>): void {
    this.work = this.work.then(() => (this.closed ? undefined : job())).catch((error: unknown) => this.onFault(error));
  }

  private async recover(): Promise<void> {
    for (const snapshot of await this.repository.unfinished()) {
      if (this.closed) return;
      await this.build(snapshot.id, async () => holdingsFromLedger(await this.repository.balancesAt(snapshot.ledger_boundary)));
    }
  }

  private async build(snapshotId: number, holdingsOf: () => Promise<Holdings>): Promise<void> {
    const snapshot = await this.repository.snapshot(snapshotId);
    if (snapshot?.status !== 'building') return;
    await this.repository.clearUnpublished(snapshotId);
    const holdings = await holdingsOf();
    const platform = await this.repository.platformAccounts();
    const platformRows: { userId: number; account: string; currencyId: number; balance: bigint }[] = [];
    for (const [currencyId, accounts] of [...holdings].sort(([a], [b]) => a - b)) {
      const leaves: StoredLeaf[] = [];
      // one draw of randomness for every salt of the currency
      const salts = randomBytes(accounts.size * LIABILITY_SALT_BYTES);
      for (const [userId, balance] of accounts) {
        const account = platform.get(userId);
        if (balance === 0n) continue;
        if (account !== undefined) platformRows.push({ userId, account, currencyId, balance });
        else leaves.push({ userId, salt: salts.subarray(leaves.length * LIABILITY_SALT_BYTES, (leaves.length + 1) * LIABILITY_SALT_BYTES), balance });
      }
      if (leaves.length === 0) continue;
      shuffle(leaves);
      const tree = await SumTree.build(leaves);
      if (this.closed) return;
      await this.repository.insertLeaves(snapshotId, currencyId, leaves);
      const root = tree.root;
      await this.repository.insertRoot({
        snapshot_id: snapshotId,
        currency_id: currencyId,
        root_hash: root.hash,
        total: formatAmount(root.sum),
        leaf_count: tree.leafCount,
        users: leaves.length,
      });
    }
    await this.repository.insertPlatform(snapshotId, platformRows);
    await this.repository.publish(snapshotId, this.clock());
  }
}

/** The core's copy of its balance book, summed per account and currency over wallets, available and locked. */
export async function holdingsFromBook(entries: readonly [string, Balance][]): Promise<Holdings> {
  const holdings: Holdings = new Map();
  for (let index = 0; index < entries.length; index++) {
    const [key, balance] = entries[index]!;
    const { userId, currencyId } = parseKey(key);
    add(holdings, currencyId, userId, balance.available + balance.locked);
    if (index % ENTRIES_PER_TURN === ENTRIES_PER_TURN - 1) await nextTurn();
  }
  return holdings;
}

function holdingsFromLedger(rows: { user_id: number; currency_id: number; amount: string }[]): Holdings {
  const holdings: Holdings = new Map();
  for (const row of rows) add(holdings, row.currency_id, row.user_id, parseAmount(row.amount));
  return holdings;
}

function add(holdings: Holdings, currencyId: number, userId: number, amount: bigint): void {
  let accounts = holdings.get(currencyId);
  if (!accounts) holdings.set(currencyId, (accounts = new Map()));
  accounts.set(userId, (accounts.get(userId) ?? 0n) + amount);
}

/** Fisher–Yates with the system's random numbers: a leaf's position tells nothing of its user. */
function shuffle<T>(items: T[]): void {
  for (let index = items.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
}
