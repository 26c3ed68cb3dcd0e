import { LONGEST_ADMISSION_LIFE_MS } from '../../core/admissions/admission';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/time';

/** One signed request to admit (its signature checked), or one refused, to count in the key's uses. */
export interface KeyUse {
  keyId: number;
  ip: string;
  at: Date;
  /**
   * admitted requests: the signature and when it stops mattering (its timestamp plus the longest
   * receive window); `effectsFollow` when every effect the request may have is a later durable
   * write of its own (the core's batch), which then makes this admission durable too
   */
  nonce?: { signature: string; sentAt: number; expiresAt: Date; effectsFollow?: boolean };
}

export type Admission = 'admitted' | 'replayed' | 'key gone';

interface Waiting {
  use: KeyUse;
  resolve: (admission: Admission) => void;
  reject: (error: unknown) => void;
}

/** How often signatures past their window are deleted. */
const SWEEP_MS = 30_000;
/** How often the counted uses are added to `api_key_uses`. */
const USES_FLUSH_MS = 1_000;

const DAY_MS = 86_400_000;

/** One key, address and day's uses counted since the last flush (`day`: days since the epoch, UTC; times in epoch ms). */
interface UseCount {
  k: number;
  ip: string;
  day: number;
  first: number;
  last: number;
  requests: number;
  refused: number;
}

/**
 * Admits each signed request once, in every server process: its signature is inserted into
 * `api_request_nonces` by a conditional insert (`on conflict do nothing`), and only the request
 * whose row went in is admitted, so a replay to this process or another is refused. The same
 * statement checks that the key is still live (deleted or disabled keys are refused at once
 * everywhere, whatever a process cached). Requests arriving together share one statement (group
 * commit), as the core's commands do.
 *
 * The uses of each key (per key, address and day, for the login history) and the key's last use
 * (at most once an hour per key, to spare the row) are bookkeeping, not a guarantee: they are
 * counted in memory and added to `api_key_uses` once a second, and before this process answers a
 * listing of them (`flushUses`).
 *
 * Placing an order does not come here: its admission rides in its core command and is written in
 * the order's own batch (`core/admissions/`, decision 0025); its use is only counted here.
 *
 * A request whose effects are all written later by a durable write of their own (a cancel, a
 * transfer, a withdrawal: the core's batch) is admitted without waiting for the disk
 * (`synchronous_commit` off for that one statement): the row is committed and seen by every
 * process at once, so the unique index refuses a replay anywhere from then on, and the database
 * writes its log in order, so the core's later durable commit makes the admission durable with
 * it. Only when the database itself crashes between the two may the admission be lost, and then
 * the request's effects are lost with it: a replay can never apply them twice. A signed request
 * costs one wait for the disk, as a logged-in one does. Reads wait for the admission's own.
 */
export class SignedRequestGuard {
  private waiting: Waiting[] = [];
  private flushing = false;
  private readonly sweeper: NodeJS.Timeout;
  private readonly usesFlusher: NodeJS.Timeout;
  private counted = new Map<string, UseCount>();
  private usesWritten: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly onFault: (error: unknown) => void = () => {},
  ) {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
    this.usesFlusher = setInterval(() => void this.flushUses(), USES_FLUSH_MS);
    this.usesFlusher.unref();
  }

  /** Admits a signed request, or says why not; counted in the key's uses by what it got (a replay as refused). */
  admit(use: KeyUse & { nonce: NonNullable<KeyUse['nonce']> }): Promise<Admission> {
    return this.enqueue(use).then(
      (admission) => {
        this.count(use, admission === 'admitted');
        return admission;
      },
      (error: unknown) => {
        this.count(use, false);
        throw error;
      },
    );
  }

  /**
   * Counts a request whose admission the core decided with its command (a signed order): admitted,
   * or refused (a copy, a key gone, too late, or no answer from the core).
   */
  admittedElsewhere(use: Omit<KeyUse, 'nonce'>, admitted: boolean): void {
    this.count(use, admitted);
  }

  /** Counts a refused request in the key's uses (never throws: a refusal is answered anyway). */
  refused(use: Omit<KeyUse, 'nonce'>): void {
    this.count(use, false);
  }

  /** Adds the uses counted so far to `api_key_uses` (and the keys' last use); resolves once written. */
  flushUses(): Promise<void> {
    const counts = [...this.counted.values()];
    this.counted = new Map();
    this.usesWritten = this.usesWritten.then(() => (counts.length > 0 ? this.writeUses(counts) : undefined)).catch(this.onFault);
    return this.usesWritten;
  }

  stop(): void {
    clearInterval(this.sweeper);
    clearInterval(this.usesFlusher);
    void this.flushUses();
  }

  private count(use: Omit<KeyUse, 'nonce'>, admitted: boolean): void {
    // epoch ms and the day's number: made into text once per flush, not for every request
    const at = use.at.getTime();
    const day = Math.floor(at / DAY_MS);
    const id = `${use.keyId} ${use.ip} ${day}`;
    let counted = this.counted.get(id);
    if (!counted) this.counted.set(id, (counted = { k: use.keyId, ip: use.ip, day, first: at, last: at, requests: 0, refused: 0 }));
    if (at < counted.first) counted.first = at;
    if (at > counted.last) counted.last = at;
    if (admitted) counted.requests += 1;
    else counted.refused += 1;
  }

  private async writeUses(counts: UseCount[]): Promise<void> {
    await this.db.queryPrepared(
      `with input as (select * from json_to_recordset($1::json) as t(k bigint, ip text, day date, first timestamptz, last timestamptz, requests int, refused int)),
       uses as (insert into api_key_uses (key_id, ip, day, first_at, last_at, requests, refused)
                select k, ip, day, first, last, requests, refused from input where exists (select 1 from api_keys a where a.id = input.k)
                on conflict (key_id, ip, day) do update set last_at = greatest(api_key_uses.last_at, excluded.last_at),
                   requests = api_key_uses.requests + excluded.requests, refused = api_key_uses.refused + excluded.refused)
       update api_keys set last_used_at = t.ts
         from (select k, max(last) as ts from input where requests > 0 group by k) t
        where api_keys.id = t.k and api_keys.deleted_at is null and api_keys.disabled_at is null
          and (api_keys.last_used_at is null or api_keys.last_used_at < t.ts - interval '1 hour')`,
      [JSON.stringify(counts.map((count) => ({ ...count, day: new Date(count.day * DAY_MS).toISOString().slice(0, 10), first: new Date(count.first).toISOString(), last: new Date(count.last).toISOString() })))],
    );
  }

  private enqueue(use: KeyUse): Promise<Admission> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ use, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, 1000);
        try {
          const admitted = await this.write(batch.map((waiting) => waiting.use));
          batch.forEach((waiting, index) => waiting.resolve(admitted[index] ?? 'key gone'));
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private async write(uses: KeyUse[]): Promise<Admission[]> {
    const rows = uses.map((use, index) => ({ i: index, k: use.keyId, s: use.nonce?.signature ?? null, t: use.nonce?.sentAt ?? null, e: use.nonce?.expiresAt.toISOString() ?? null }));
    // off only when every admission of the statement has a durable write of its own to follow
    const waitForDisk = uses.some((use) => use.nonce !== undefined && !use.nonce.effectsFollow) ? 'on' : 'off';
    const answered = await this.db.queryPrepared<{ i: number; live: boolean; fresh: boolean }>(
      `with input as (select * from json_to_recordset($1::json) as t(i int, k bigint, s text, t bigint, e timestamptz)),
       live as (select input.* from input join api_keys a on a.id = input.k and a.deleted_at is null and a.disabled_at is null),
       first as (select distinct on (k, s) i, k, s, t, e from live where s is not null order by k, s, i),
       fresh as (insert into api_request_nonces (sent_at, key_id, signature, expires_at) select t, k, s, e from first
                 on conflict do nothing returning key_id, signature),
       settings as (select set_config('synchronous_commit', $2, true) as commit_mode)
       select input.i, live.i is not null as live, fresh.key_id is not null as fresh
         from settings cross join input left join live on live.i = input.i
         left join first on first.i = input.i
         left join fresh on fresh.key_id = first.k and fresh.signature = first.s
        order by input.i`,
      [JSON.stringify(rows), waitForDisk],
    );
    return answered.map((row) => (!row.live ? 'key gone' : row.fresh ? 'admitted' : 'replayed'));
  }

  private async sweep(): Promise<void> {
    try {
      // by the primary key's leading column: every row whose timestamp is this old has expired
      const now = this.clock();
      await this.db.query('delete from api_request_nonces where sent_at < $1 and expires_at < $2', [now.getTime() - LONGEST_ADMISSION_LIFE_MS, now]);
    } catch (error) {
      this.onFault(error);
    }
  }
}
