import { c2cKind } from './c2c/kind';
import { fundsKind } from './funds/kind';
import type { CoreKind } from './kind';
import { spotKind } from './spot/kind';
import { withdrawalsKind } from './withdrawals/kind';
import { microKind } from './micro/kind';
import { subscriptionsKind } from './subscriptions/kind';
import { acceptorsKind } from './acceptors/kind';
import { leverKind } from './lever/kind';
import { indexPricesKind } from './index-prices/kind';
import { liabilitiesKind } from './liabilities/kind';

/**
 * Every kind of core state, one line each. The core routes each command to the kind that names
 * its `kind`, loads every kind at start and after a failed batch write, and writes their rows in
 * this order; the audit runs their orphan checks.
 */
export const CORE_KINDS = [fundsKind, spotKind, indexPricesKind, withdrawalsKind, leverKind, c2cKind, microKind, subscriptionsKind, acceptorsKind, liabilitiesKind] as const;

/** Every command the core applies: the union of the registered kinds' commands. */
export type CoreCommand = CommandOf<(typeof CORE_KINDS)[number]>;

/** The commands a kind applies, read off its state's `apply`. */
export type CommandOf<K extends CoreKind> = K extends { create(...args: never[]): { apply(command: infer C, ...rest: never[]): unknown } } ? C : never;
