import type { ReplicatedBatch } from '../core/replicated-batch';

/** What a follower drives: a gateway's copy of the core (`Core` in replica mode). */
export interface Replica {
  /** the number of the last batch the copy reflects */
  readonly sequence: number;
  /** replays one batch; false when the copy no longer matches the core */
  applyReplicated(batch: ReplicatedBatch): boolean;
  /** loads the whole state again, in one snapshot (which sets `sequence`) */
  refresh(): Promise<void>;
}

/** Most batches held while a reload runs; beyond, they are dropped and a reload after them catches up. */
const MAX_HELD = 10_000;
/** A reload that failed (the database unreachable) is tried again after this long. */
const RETRY_RELOAD_MS = 1_000;

/**
 * Keeps a gateway's copy in step with the core, batch by batch. Batches arrive in order from the
 * moment the follower exists (it is told of them before the copy first loads); each is applied at
 * once when it is the next one, dropped when the copy reflects it already, held while a reload
 * runs. A gap (a batch missed: NATS reconnecting, a publish lost, a core that wrote a batch and
 * died before telling) or a batch the copy cannot apply makes a full reload, after which the held
 * batches newer than the loaded state apply. Any batch received is durable, so a reload begun after
 * it loads it: dropping received batches and reloading is always safe.
 */
export class ReplicaFollower {
  private held: ReplicatedBatch[] = [];
  private reloading: Promise<void> | undefined;
  private reloadAgain = false;
  private started = false;
  private stopped = false;
  /** full reloads so far (tests and metrics) */
  reloads = 0;

  constructor(
    private readonly replica: Replica,
    private readonly onFault: (error: unknown) => void,
  ) {}

  /** The copy has loaded (after the follower began to hold batches): apply what came meanwhile. */
  start(): void {
    this.started = true;
    this.drain();
  }

  stop(): void {
    this.stopped = true;
    this.held = [];
  }

  /** A durable batch of the core, in the order the core published them. */
  receive(batch: ReplicatedBatch): void {
    if (this.stopped) return;
    this.held.push(batch);
    if (this.held.length > MAX_HELD) {
      this.held = [];
      this.reload();
      return;
    }
    this.drain();
  }

  /** Something may have been missed (a reconnect, the core reachable again): load the whole state again. */
  reload(): void {
    if (this.stopped) return;
    if (this.reloading) {
      this.reloadAgain = true;
      return;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        try {
          await this.replica.refresh();
          this.reloads += 1;
        } catch (error) {
          this.onFault(error);
          await new Promise((resolve) => setTimeout(resolve, RETRY_RELOAD_MS).unref());
          this.reloadAgain = !this.stopped;
        }
      } while (this.reloadAgain);
    })().finally(() => {
      this.reloading = undefined;
      this.drain();
    });
  }

  /** Applies the held batches that follow the copy's state, in order, at once (no await). */
  private drain(): void {
    if (!this.started || this.reloading || this.stopped) return;
    while (this.held.length > 0) {
      const batch = this.held[0] as ReplicatedBatch;
      const current = this.replica.sequence;
      if (batch.sequence <= current) {
        this.held.shift();
        continue;
      }
      if (batch.sequence !== current + 1) {
        this.reload();
        return;
      }
      this.held.shift();
      let applied: boolean;
      try {
        applied = this.replica.applyReplicated(batch);
      } catch (error) {
        this.onFault(error);
        applied = false;
      }
      if (!applied) {
        this.reload();
        return;
      }
    }
  }
}
