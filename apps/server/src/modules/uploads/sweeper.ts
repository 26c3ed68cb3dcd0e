import type { Clock } from '../../lib/time';
import type { UploadService } from './service';

/** How often unreferenced uploads are looked for: well under the day they are kept. */
export const UPLOAD_SWEEP_INTERVAL_MS = 10 * 60_000;

/** Runs the upload sweep on a timer, one sweep at a time, until stopped. */
export class UploadSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly uploads: UploadService,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = UPLOAD_SWEEP_INTERVAL_MS,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.uploads.sweep(this.clock());
    } catch (error) {
      this.onError(error);
    } finally {
      this.running = false;
    }
  }
}
