import { performance } from 'node:perf_hooks';
import type { Database } from '../../db/database';
import type { CoreCommandBase } from '../kind';
import { admissionId, type SignedAdmission } from './admission';
import { BatchAdmissions } from './batch-admissions';
import { findAdmissions, type RecordedAdmission } from './repository';

/**
 * How long a lookup stands for the database, and how long the admissions this core wrote are held:
 * a lookup older than this is made again (a key deleted since would be missed).
 */
const HOLD_MS = 2_000;
/** Most admissions held; past it the oldest go, and lookups made before them are made again. */
const MAX_HELD = 200_000;

type Answer = { ok: true; recorded: RecordedAdmission } | { ok: false; error: unknown };

interface Lookup {
  /** when it was queued (monotonic ms): its read begins later, so it sees every admission written before */
  queuedAt: number;
  answer: Promise<Answer>;
  settle: (answer: Answer) => void;
}

/**
 * What the core knows of signed admissions across its batches. A command carrying one is looked up
 * as soon as it is queued (`prefetch`), one read for all the commands queued meanwhile, so the read
 * runs while the batch before it writes: a signed order waits for one durable write, as any order.
 * The read answers whether the key is live and whether the signature is recorded; what it may not
 * see, the admissions of this core's batches written since it began, memory holds (`written`): a
 * lookup is used only if every admission written after it was queued is still held, and only for
 * HOLD_MS, else it is made again before the batch applies.
 */
export class AdmissionBook {
  /** admission id -> the attempt it was written for and when (monotonic ms) its batch settled */
  private readonly held = new Map<string, { attempt: string; at: number }>();
  /** lookups queued before this time may miss an admission memory no longer holds */
  private forgotUpTo = Number.NEGATIVE_INFINITY;
  private readonly lookups = new Map<string, Lookup>();
  private waiting: { id: string; admission: SignedAdmission; lookup: Lookup }[] = [];
  private reading = false;

  constructor(
    private readonly db: () => Database,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Starts the lookup of a queued command's admission (grouped with the others queued meanwhile). */
  prefetch(command: CoreCommandBase): void {
    if (command.admission) this.lookupOf(command.admission);
  }

  /** The batch's admissions, checked against the database and memory; rejects when the database cannot answer. */
  async forBatch(commands: readonly CoreCommandBase[], now: Date): Promise<BatchAdmissions> {
    const admissions = commands.flatMap((command) => (command.admission ? [command.admission] : []));
    const recorded = new Map<string, RecordedAdmission>();
    if (admissions.length === 0) return new BatchAdmissions(recorded, now.getTime(), (written) => this.written(written));
    const lookups = admissions.map((admission) => this.lookupOf(admission));
    const answers = await Promise.all(lookups.map((lookup) => lookup.answer));
    // each lookup serves this batch once: a later copy is looked up anew (or found in memory)
    for (const admission of admissions) this.lookups.delete(admissionId(admission));
    const stale: SignedAdmission[] = [];
    for (const [index, answer] of answers.entries()) {
      const admission = admissions[index] as SignedAdmission;
      if (!answer.ok) throw answer.error;
      if (this.usable(lookups[index] as Lookup)) recorded.set(admissionId(admission), answer.recorded);
      else stale.push(admission);
    }
    // waited past what memory covers (a long queue): read those again, now, before applying
    for (const [id, again] of await findAdmissions(this.db(), stale)) recorded.set(id, again);
    for (const admission of admissions) {
      const id = admissionId(admission);
      const held = this.held.get(id);
      const found = recorded.get(id);
      if (held && found) recorded.set(id, { ...found, spent: true, attempt: held.attempt });
    }
    return new BatchAdmissions(recorded, now.getTime(), (written) => this.written(written));
  }

  /** A batch's write settled (durable, or failed with its outcome unknown): its admissions count as written. */
  written(admissions: readonly SignedAdmission[]): void {
    const at = this.now();
    for (const admission of admissions) this.held.set(admissionId(admission), { attempt: admission.attempt, at });
    for (const [id, entry] of this.held) {
      if (this.held.size <= MAX_HELD && entry.at >= at - HOLD_MS) break;
      this.held.delete(id);
      this.forgotUpTo = Math.max(this.forgotUpTo, entry.at);
    }
  }

  /** How many admissions memory holds. */
  get size(): number {
    return this.held.size;
  }

  private usable(lookup: Lookup): boolean {
    return lookup.queuedAt > this.forgotUpTo && lookup.queuedAt >= this.now() - HOLD_MS;
  }

  private lookupOf(admission: SignedAdmission): Lookup {
    const id = admissionId(admission);
    const known = this.lookups.get(id);
    if (known && this.usable(known)) return known;
    let settle: (answer: Answer) => void = () => {};
    const answer = new Promise<Answer>((resolve) => (settle = resolve));
    const lookup = { queuedAt: this.now(), answer, settle };
    this.lookups.set(id, lookup);
    this.waiting.push({ id, admission, lookup });
    if (!this.reading) {
      this.reading = true;
      setImmediate(() => void this.read());
    }
    return lookup;
  }

  /** One read at a time, of every admission queued meanwhile. */
  private async read(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0);
        try {
          const found = await findAdmissions(this.db(), group.map((each) => each.admission));
          for (const { id, lookup } of group) lookup.settle({ ok: true, recorded: found.get(id) ?? { live: false, spent: false, attempt: null } });
        } catch (error) {
          for (const { lookup } of group) lookup.settle({ ok: false, error });
        }
      }
    } finally {
      this.reading = false;
    }
  }
}
