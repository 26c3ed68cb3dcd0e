import { refuse } from '../refusal';

/**
 * The facts the address allow-list rule needs, read by the service from the user's settings and
 * address book and carried by the command: the core decides with its own clock, keeps no copy.
 */
export interface AllowListFacts {
  /** when a requested switch-off takes effect; null: on until switched off */
  offAt: Date | null;
  /** the saved address the withdrawal goes to, with the time it may be used from (null: at once); null: not saved */
  saved: { usableAt: Date | null } | null;
}

/**
 * While the allow-list is on (the command carries its facts, and any switch-off is not yet in
 * effect), a withdrawal goes only to a saved address whose waiting period is over.
 */
export function checkAllowList(facts: AllowListFacts | undefined, now: Date): void {
  if (!facts || (facts.offAt !== null && now >= facts.offAt)) return;
  if (!facts.saved) refuse('address not in the allow-list');
  if (facts.saved.usableAt !== null && now < facts.saved.usableAt) refuse('new address not usable yet');
}
