import type { CoreCommandBase } from './kind';

/** A command of a durable batch, with the time the core applied it at (what its kind was given). */
export interface ReplicatedCommand {
  command: CoreCommandBase;
  at: Date;
}

/**
 * One durable batch of the core, as a gateway's copy replays it: the batch's number (one more than
 * the batch before it, continued from the database across restarts) and the commands that applied,
 * in order. Refused commands and duplicates changed nothing, so they are not in it.
 */
export interface ReplicatedBatch {
  sequence: number;
  commands: ReplicatedCommand[];
}
