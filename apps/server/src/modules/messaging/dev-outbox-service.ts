import type { OutboxRepository, OutboxRow } from './outbox-repository';

/** Reads the development outbox; only reachable outside production. */
export class DevOutboxService {
  constructor(private readonly outbox: OutboxRepository) {}

  listFor(recipient: string): Promise<OutboxRow[]> {
    return this.outbox.listFor(recipient);
  }
}
