import { performance } from 'node:perf_hooks';
import type { Database } from '../../db/database';
import type { CoreCommandBase } from '../kind';
import { admissionId, LONGEST_ADMISSION_LIFE_MS, type SignedAdmission } from './admission';
import { BatchAdmissions } from './batch-admissions';
import { findAdmissions, loadAdmissions, type RecordedAdmission } from './repository';

/** How long a key read live stands for the database: a deleted or disabled key places nothing once this has passed. */
export const KEY_LIVE_MS = 1_000;
/** A key in use is read again in the background once its reading is this old, so its commands never wait for it. */
const KEY_REFRESH_MS = KEY_LIVE_MS / 2;
/** Most admissions held; past it the oldest go, and the database is asked for those that may be among them. */
const MAX_HELD = 200_000;

type Answer = { ok: true; recorded: RecordedAdmission } | { ok: false; error: unknown };

interface Lookup {
  /** when it was queued (monotonic ms): its read begins later, so it sees every admission written before */
  queuedAt: number;
  answer: Promise<Answer>;
  settle: (answer: Answer) => void;
}

/**
 * What the core knows of signed admissions across its batches, so that a signed order costs one
 * durable write and, most of the time, no read:
 * - memory holds every admission not yet expired: those in the database when the core started
 *   (`load`), then every one this core writes, until it expires (a copy arriving later is
 *   refused by the clock); over MAX_HELD the oldest go;
 * - an admission is certainly not recorded when memory does not hold it, unless memory let go of
 *   admissions expiring as late as it (then the database is asked), or the core did not load them;
 * - a key read live stands for KEY_LIVE_MS, and is read again in the background once half of
 *   that passed while the key is in use; a key not read lately is looked up before its command applies.
 * A lookup starts as soon as its command is queued (`prefetch`), one read for every admission
 * queued meanwhile, so it runs while the batch before writes. It is used only if memory still
 * holds every admission written after it was queued, else it is made again before the batch applies.
 */
export class AdmissionBook {
  /** admission id -> the attempt it was written for and its expiry, in the order written */
  private readonly held = new Map<string, { attempt: string; expiresAt: number; at: number }>();
  /** an admission expiring at or before this (wall ms) may be recorded without memory holding it */
  private unsureUntil: number;
  /** lookups queued at or before this (monotonic ms) may miss an admission memory let go of */
  private forgotUpTo = Number.NEGATIVE_INFINITY;
  /** key id -> until when (monotonic ms) its last live reading stands */
  private readonly liveKeys = new Map<number, number>();
  private readonly lookups = new Map<string, Lookup>();
  private waiting: { id: string; admission: SignedAdmission; lookup: Lookup }[] = [];
  private reading = false;

  constructor(
    private readonly db: () => Database,
    /** the core's clock: admissions' expiries are by it */
    private readonly clock: () => Date,
    private readonly monotonic: () => number = () => performance.now(),
    private readonly maxHeld = MAX_HELD,
  ) {
    this.unsureUntil = clock().getTime() + LONGEST_ADMISSION_LIFE_MS;
  }

  /** Holds the admissions the database has not seen expire (the core's start): none has to be looked up for being older than memory. */
  async load(): Promise<void> {
    const loaded = await loadAdmissions(this.db(), this.clock(), this.maxHeld);
    const at = this.monotonic();
    this.held.clear();
    for (const admission of [...loaded].reverse()) this.held.set(admission.id, { attempt: admission.attempt ?? '', expiresAt: admission.expiresAt, at });
    // all of them, or the latest-expiring MAX_HELD: what expires before the last one loaded may be missing
    this.unsureUntil = loaded.length < this.maxHeld ? Number.NEGATIVE_INFINITY : (loaded.at(-1)?.expiresAt ?? Number.NEGATIVE_INFINITY);
  }

  /** Starts the lookup of a queued command's admission when it needs one, or its key's reading is aging (grouped with the others queued meanwhile). */
  prefetch(command: CoreCommandBase): void {
    const admission = command.admission;
    if (!admission) return;
    const liveUntil = this.liveKeys.get(admission.keyId) ?? Number.NEGATIVE_INFINITY;
    if (this.needsLookup(admission) || liveUntil - this.monotonic() < KEY_REFRESH_MS) this.lookupOf(admission);
  }

  /** The batch's admissions, checked against memory and the database; rejects when the database cannot answer. */
  async forBatch(commands: readonly CoreCommandBase[], now: Date): Promise<BatchAdmissions> {
    const admissions = commands.flatMap((command) => (command.admission ? [command.admission] : []));
    // each admission's id made once for the batch: it is a long text, hashed for every map it meets
    const ids = new Map(admissions.map((admission) => [admission, admissionId(admission)]));
    const recorded = new Map<string, RecordedAdmission>();
    const asked = admissions.filter((admission) => this.needsLookup(admission, ids.get(admission)));
    const lookups = asked.map((admission) => this.lookupOf(admission));
    const answers = asked.length > 0 ? await Promise.all(lookups.map((lookup) => lookup.answer)) : [];
    // each lookup serves one batch (a background reading of a key included): a later copy is looked up anew, or found in memory
    if (this.lookups.size > 0) for (const id of ids.values()) this.lookups.delete(id);
    const stale: SignedAdmission[] = [];
    for (const [index, answer] of answers.entries()) {
      const admission = asked[index] as SignedAdmission;
      const lookup = lookups[index] as Lookup;
      if (!answer.ok) throw answer.error;
      if (lookup.queuedAt <= this.forgotUpTo) {
        stale.push(admission);
        continue;
      }
      recorded.set(ids.get(admission) ?? admissionId(admission), answer.recorded);
    }
    // memory let go of admissions written after these were queued: read them again, now
    for (const [id, again] of await findAdmissions(this.db(), stale)) recorded.set(id, again);
    for (const [, id] of ids) {
      const held = this.held.get(id);
      const found = recorded.get(id);
      if (held) recorded.set(id, { live: found?.live ?? true, spent: true, attempt: held.attempt });
      else if (!found) recorded.set(id, { live: true, spent: false, attempt: null });
    }
    return new BatchAdmissions(recorded, ids, now.getTime(), (written) => this.written(written, ids));
  }

  /** How many admissions memory holds. */
  get size(): number {
    return this.held.size;
  }

  /** A batch's write settled (durable, or failed with its outcome unknown): its admissions count as written. */
  private written(admissions: readonly SignedAdmission[], ids: ReadonlyMap<SignedAdmission, string>): void {
    const at = this.monotonic();
    for (const admission of admissions) this.held.set(ids.get(admission) ?? admissionId(admission), { attempt: admission.attempt, expiresAt: admission.expiresAt, at });
    const now = this.clock().getTime();
    for (const [id, entry] of this.held) {
      const expired = entry.expiresAt <= now;
      if (!expired && this.held.size <= this.maxHeld) break;
      this.held.delete(id);
      if (expired) continue;
      // let go before it expired: a copy of it is found only in the database from now on
      this.unsureUntil = Math.max(this.unsureUntil, entry.expiresAt);
      this.forgotUpTo = Math.max(this.forgotUpTo, entry.at);
    }
  }

  /** Held in memory answers it; else the database must, unless it is certainly new and its key was read live lately. */
  private needsLookup(admission: SignedAdmission, id = admissionId(admission)): boolean {
    if (this.held.has(id)) return false;
    if (admission.expiresAt <= this.unsureUntil) return true;
    return (this.liveKeys.get(admission.keyId) ?? Number.NEGATIVE_INFINITY) <= this.monotonic();
  }

  private lookupOf(admission: SignedAdmission): Lookup {
    const id = admissionId(admission);
    const known = this.lookups.get(id);
    if (known && known.queuedAt > this.forgotUpTo && known.queuedAt + KEY_LIVE_MS > this.monotonic()) return known;
    let settle: (answer: Answer) => void = () => {};
    const answer = new Promise<Answer>((resolve) => (settle = resolve));
    const lookup = { queuedAt: this.monotonic(), answer, settle };
    this.lookups.set(id, lookup);
    this.waiting.push({ id, admission, lookup });
    if (!this.reading) {
      this.reading = true;
      setImmediate(() => void this.read());
    }
    return lookup;
  }

  /** Reads every admission queued meanwhile, one statement after the other. */
  private async read(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0);
        try {
          const found = await findAdmissions(this.db(), group.map((each) => each.admission));
          for (const { id, admission, lookup } of group) {
            const recorded = found.get(id) ?? { live: false, spent: false, attempt: null };
            if (recorded.live) this.liveKeys.set(admission.keyId, Math.max(this.liveKeys.get(admission.keyId) ?? 0, lookup.queuedAt + KEY_LIVE_MS));
            else this.liveKeys.delete(admission.keyId);
            lookup.settle({ ok: true, recorded });
          }
        } catch (error) {
          for (const { lookup } of group) lookup.settle({ ok: false, error });
        }
      }
    } finally {
      this.reading = false;
    }
  }
}
