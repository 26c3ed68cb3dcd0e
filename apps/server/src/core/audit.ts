import type { Database, Queryable } from '../db/database';
import type { CoreKind, SettlementMismatch } from './kind';
import { CORE_KINDS } from './kinds';
import { EXTERNAL_REASONS } from './wallets';

export interface AuditReport {
  ok: boolean;
  balancesChecked: number;
  /** balances that differ from the sum of their ledger entries */
  balanceMismatches: { user_id: number; currency_id: number; wallet: string; balance: string; ledger: string }[];
  /** currencies whose holdings differ from what came in minus what went out */
  currencyMismatches: { currency_id: number; held: string; external: string }[];
  /** core rows that name a user, currency or pair that does not exist (the core's tables carry no foreign keys: decision 0007) */
  orphans: { table_name: string; rows: number }[];
  /** funds locked for a kind's records (c2c escrow) that differ from what its open records hold */
  escrowMismatches: { user_id: number; currency_id: number; wallet: string; held: string; expected: string }[];
  /** settlements whose recorded figures differ from those recomputed from their recorded inputs (lever positions, second contracts) */
  settlementMismatches: SettlementMismatch[];
  /** settled records the kinds' SQL recomputations checked */
  recordsRecomputed: number;
  /** deposit requests credited in the ledger whose record disagrees (not confirmed, or another amount) */
  depositMismatches: { deposit_id: number; status: number; credited_amount: string | null; ledger: string }[];
}

/**
 * The ledger's invariants: every balance equals the sum of its entries; per currency, everything
 * held (users, makers, house, fee account) equals deposits minus withdrawals plus adjustments; every
 * entry, order and trade names a user, currency and pair that exist (each kind of core state
 * names the checks of its own tables); funds a kind holds locked (c2c escrow) equal what its open
 * records hold; every settled record a kind can recompute from what was recorded (second
 * contracts: open and end price, result, profit, ledger; lever positions: marks, prices, margin, fee, profit, overnight charges) is recomputed.
 */
export async function runAudit(db: Queryable, kinds: readonly CoreKind[] = CORE_KINDS): Promise<AuditReport> {
  const balanceMismatches = await db.query<AuditReport['balanceMismatches'][number]>(
    `with sums as (
       select user_id, currency_id, wallet, sum(delta_available) as available, sum(delta_locked) as locked
         from ledger_entries group by user_id, currency_id, wallet
     )
     select coalesce(b.user_id, s.user_id) as user_id, coalesce(b.currency_id, s.currency_id) as currency_id,
            coalesce(b.wallet, s.wallet) as wallet,
            (coalesce(b.available, 0) + coalesce(b.locked, 0))::text as balance,
            (coalesce(s.available, 0) + coalesce(s.locked, 0))::text as ledger
       from balances b full outer join sums s
         on s.user_id = b.user_id and s.currency_id = b.currency_id and s.wallet = b.wallet
      where coalesce(b.available, 0) <> coalesce(s.available, 0) or coalesce(b.locked, 0) <> coalesce(s.locked, 0)`,
  );
  const currencyMismatches = await db.query<AuditReport['currencyMismatches'][number]>(
    `with held as (select currency_id, sum(available + locked) as amount from balances group by currency_id),
          external as (select currency_id, sum(delta_available + delta_locked) as amount from ledger_entries
                        where reason = any($1::text[]) group by currency_id)
     select coalesce(h.currency_id, e.currency_id) as currency_id, coalesce(h.amount, 0)::text as held,
            coalesce(e.amount, 0)::text as external
       from held h full outer join external e on e.currency_id = h.currency_id
      where coalesce(h.amount, 0) <> coalesce(e.amount, 0)`,
    [EXTERNAL_REASONS],
  );
  const checks = [
    `select 'ledger_entries' as table_name, count(*)::int as rows from ledger_entries e
      where not exists (select 1 from users u where u.id = e.user_id)
         or not exists (select 1 from currencies c where c.id = e.currency_id)`,
    ...kinds.flatMap((kind) => kind.orphanChecks),
  ];
  const orphans = await db.query<AuditReport['orphans'][number]>(`select * from (${checks.join('\n union all\n')}) counted where rows > 0`);
  const escrowMismatches: AuditReport['escrowMismatches'] = [];
  for (const check of kinds.flatMap((kind) => kind.escrowChecks ?? [])) escrowMismatches.push(...(await db.query<AuditReport['escrowMismatches'][number]>(check)));
  const recomputations = kinds.flatMap((kind) => kind.recomputeChecks ?? []);
  const recomputedAll =
    recomputations.length === 0
      ? []
      : await db.query<{ table_name: string; id: string; problem: string }>(`select * from (${recomputations.join('\n union all\n')}) checked`);
  const settlementMismatches: SettlementMismatch[] = recomputedAll
    .filter((row) => row.problem !== '')
    .map((row) => ({ table_name: row.table_name, id: row.id, field: row.problem, recorded: null, recomputed: null }));
  for (const kind of kinds) if (kind.recompute) settlementMismatches.push(...(await kind.recompute(db)));
  const depositMismatches = await db.query<AuditReport['depositMismatches'][number]>(
    `with credited as (
       select substr(reference, 9)::bigint as id, sum(delta_available) as amount from ledger_entries
        where reason = 'deposit' and reference ~ '^deposit:[0-9]+$' group by reference
     )
     select d.id::int as deposit_id, d.status::int as status, d.credited_amount::text as credited_amount, c.amount::text as ledger
       from credited c join deposit_requests d on d.id = c.id
      where d.status <> 1 or d.credited_amount is distinct from c.amount`,
  );
  const counted = await db.query<{ n: number }>('select count(*)::int as n from balances');
  return {
    ok:
      balanceMismatches.length === 0 &&
      currencyMismatches.length === 0 &&
      orphans.length === 0 &&
      escrowMismatches.length === 0 &&
      settlementMismatches.length === 0 &&
      depositMismatches.length === 0,
    balancesChecked: counted[0]?.n ?? 0,
    balanceMismatches,
    currencyMismatches,
    orphans,
    escrowMismatches,
    settlementMismatches,
    recordsRecomputed: recomputedAll.length,
    depositMismatches,
  };
}

/**
 * The audit in one read-only REPEATABLE READ transaction: every query sees the same snapshot, so
 * batches committed meanwhile by a live core cannot show up as mismatches, and it writes nothing.
 */
export function runAuditSnapshot(db: Database): Promise<AuditReport> {
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    return runAudit(tx);
  });
}
