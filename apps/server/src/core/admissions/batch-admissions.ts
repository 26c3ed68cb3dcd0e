import type { CoreCommandBase } from '../kind';
import type { BatchWrite } from '../repository';
import { Refusal } from '../refusal';
import { admissionId, LONGEST_ADMISSION_LIFE_MS, type SignedAdmission } from './admission';
import { ADMISSIONS, type RecordedAdmission } from './repository';

/**
 * The admissions of one batch: each command carrying one is admitted once, in the order the batch
 * applies them, or refused alone (the rest of the batch goes on):
 * - past its expiry by the core's clock: `timestamp outside the receive window` (its row may be
 *   swept already, so only the clock can tell a late copy); the same when its expiry lies further
 *   ahead than any admission's can (a gateway's clock far ahead), so that no admission written
 *   expires later than LONGEST_ADMISSION_LIFE_MS after its writing;
 * - its key deleted or disabled: `invalid api key`;
 * - its signature recorded before, by an earlier batch or earlier in this one, for another
 *   attempt: `request replayed`. For the same attempt (a gateway sending the same command again
 *   because the first answer was lost) the command goes on, and its key answers it as the
 *   duplicate it is.
 * An admitted command's admission is written with the batch whatever the command's own outcome:
 * the signed request was used, so a copy of an order refused for want of funds cannot apply later.
 */
export class BatchAdmissions {
  private readonly admitted = new Map<string, string>();
  private readonly staged: SignedAdmission[] = [];

  /**
   * `recorded`: what the database and the core's memory hold of each admission of the batch;
   * `onWritten`: told the admissions the batch wrote once its write settled (`settled`).
   */
  constructor(
    private readonly recorded: ReadonlyMap<string, RecordedAdmission>,
    /** each admission of the batch and its id, made once */
    private readonly ids: ReadonlyMap<SignedAdmission, string>,
    private readonly now: number,
    private readonly onWritten: (admissions: readonly SignedAdmission[]) => void,
  ) {}

  /** Why the command's admission is refused; undefined when it has none or it is admitted now. */
  refusal(command: CoreCommandBase): Refusal | undefined {
    const admission = command.admission;
    if (!admission) return undefined;
    if (admission.expiresAt <= this.now || admission.expiresAt > this.now + LONGEST_ADMISSION_LIFE_MS) return new Refusal('timestamp outside the receive window');
    const id = this.ids.get(admission) ?? admissionId(admission);
    const recorded = this.recorded.get(id);
    if (!recorded?.live) return new Refusal('invalid api key');
    const earlier = this.admitted.get(id) ?? (recorded.spent ? (recorded.attempt ?? '') : undefined);
    if (earlier !== undefined) return earlier === admission.attempt ? undefined : new Refusal('request replayed');
    this.admitted.set(id, admission.attempt);
    this.staged.push(admission);
    return undefined;
  }

  /** Adds the admissions to record to the batch's write. */
  addTo(write: BatchWrite): void {
    if (this.staged.length > 0) write.tables.push({ table: ADMISSIONS, rows: this.staged });
  }

  /** The batch's write settled, durable or failed (it may have committed all the same): its admissions count as written. */
  settled(): void {
    if (this.staged.length > 0) this.onWritten(this.staged);
  }
}
