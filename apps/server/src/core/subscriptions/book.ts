import type { Queryable } from '../../db/database';
import type { Atoms } from '../amount';
import type { CommandContext } from '../command-context';
import type { CommandResult, Deadline, KindState } from '../kind';
import { refuse } from '../refusal';
import { loadSubscriptions, SUBSCRIPTIONS, type SubscriptionBookRows } from './repository';
import { SUBSCRIPTION_STATUS, type SubscriptionState } from './state';

/** What a subscription names: the project's terms as the service read them, and what is paid. */
export interface Subscribe {
  userId: number;
  projectId: number;
  currencyId: number;
  payCurrencyId: number;
  paid: Atoms;
  price: Atoms;
  /** the tokens bought: `paid ÷ price`, floored to the token's precision */
  amount: Atoms;
  /** the project's planned total: what all subscriptions together may not exceed */
  total: Atoms;
  unlockAt: Date;
}

/** Pays the pay currency to the platform and locks the tokens in the subscriber's change wallet. */
export interface SubscribeCommand extends Subscribe {
  kind: 'upstart_subscribe';
  key: string;
}

/** A locked subscription's unlock time came (a deadline): it becomes unlockable. */
export interface SubscriptionReleaseCommand {
  kind: 'upstart_release';
  key: string;
  subscriptionId: number;
}

/** The subscriber unlocks the tokens into the available balance of the change wallet. */
export interface UnlockCommand {
  kind: 'upstart_unlock';
  key: string;
  userId: number;
  subscriptionId: number;
}

export type SubscriptionCommand = SubscribeCommand | SubscriptionReleaseCommand | UnlockCommand;

const releaseKey = (id: number) => `deadline:upstart:${id}`;

/**
 * Token subscriptions: each pays the platform (the house account) in USDT and is issued its
 * tokens locked in the change wallet for the project's frozen hours; when they pass it becomes
 * unlockable (a core deadline), and unlocking makes the tokens available. Projects never sell
 * more than their planned total: the core keeps what each has sold.
 */
export class SubscriptionBook implements KindState<SubscriptionCommand, SubscriptionBookRows> {
  private readonly open = new Map<number, SubscriptionState>();
  private readonly sold = new Map<number, Atoms>();
  private lastId = 0;
  private houseAccount = 0;

  load(db: Queryable): Promise<SubscriptionBookRows> {
    return loadSubscriptions(db);
  }

  reset(rows: SubscriptionBookRows): void {
    this.open.clear();
    this.sold.clear();
    for (const subscription of rows.open) this.open.set(subscription.id, subscription);
    for (const row of rows.sold) this.sold.set(row.projectId, row.amount);
    this.lastId = rows.lastId;
    this.houseAccount = rows.houseAccount;
  }

  apply(command: SubscriptionCommand, context: CommandContext, now: Date): CommandResult {
    if (command.kind === 'upstart_subscribe') return { applied: true, recordId: this.subscribe(command, context, now).id };
    if (command.kind === 'upstart_release') return { applied: true, recordId: this.release(command.subscriptionId, context, now).id };
    return { applied: true, recordId: this.unlock(command, context, now).id };
  }

  *deadlines(): Iterable<Deadline> {
    for (const subscription of this.open.values()) {
      if (subscription.status === SUBSCRIPTION_STATUS.locked) yield this.releaseDeadline(subscription);
    }
  }

  /** Tokens subscribed to the project so far. */
  soldOf(projectId: number): Atoms {
    return this.sold.get(projectId) ?? 0n;
  }

  private subscribe(input: Subscribe, context: CommandContext, now: Date): SubscriptionState {
    if (input.paid <= 0n || input.amount <= 0n || input.price <= 0n) refuse('abnormal quantity');
    if (this.houseAccount === 0) refuse('subscription exception');
    const sold = this.soldOf(input.projectId);
    if (sold + input.amount > input.total) refuse('subscription quantity exceeds the remainder');
    const payer = { userId: input.userId, currencyId: input.payCurrencyId, wallet: 'change' as const };
    if (context.balance(payer).available < input.paid) refuse('insufficient USDT balance');
    const id = this.lastId + 1;
    const reference = `upstart:${id}`;
    context.move({ ...payer, available: -input.paid, reason: 'upstart_payment', reference });
    context.move({ userId: this.houseAccount, currencyId: input.payCurrencyId, wallet: 'change', available: input.paid, reason: 'upstart_payment', reference });
    // the tokens are issued here: they enter the platform, locked until the frozen hours pass
    context.move({ userId: input.userId, currencyId: input.currencyId, wallet: 'change', locked: input.amount, reason: 'issuance', reference });
    const subscription: SubscriptionState = {
      id,
      userId: input.userId,
      projectId: input.projectId,
      currencyId: input.currencyId,
      payCurrencyId: input.payCurrencyId,
      paid: input.paid,
      price: input.price,
      amount: input.amount,
      status: SUBSCRIPTION_STATUS.locked,
      unlockAt: input.unlockAt,
      createdAt: now,
      updatedAt: now,
    };
    this.lastId = id;
    this.sold.set(input.projectId, sold + input.amount);
    this.open.set(id, subscription);
    context.stage(SUBSCRIPTIONS, subscription);
    context.addDeadline(this.releaseDeadline(subscription));
    return subscription;
  }

  private release(id: number, context: CommandContext, now: Date): SubscriptionState {
    const current = this.open.get(id);
    if (!current || current.status !== SUBSCRIPTION_STATUS.locked) refuse('order already handled');
    if (now.getTime() < current.unlockAt.getTime()) refuse('not yet unlockable');
    const next: SubscriptionState = { ...current, status: SUBSCRIPTION_STATUS.unlockable, updatedAt: now };
    this.open.set(id, next);
    context.stage(SUBSCRIPTIONS, next);
    return next;
  }

  private unlock(input: UnlockCommand, context: CommandContext, now: Date): SubscriptionState {
    const current = this.open.get(input.subscriptionId);
    if (!current) refuse('order already handled');
    if (current.userId !== input.userId) refuse('not your order');
    // the unlock time decides; the release deadline may still be on its way
    if (now.getTime() < current.unlockAt.getTime()) refuse('not yet unlockable');
    const owner = { userId: current.userId, currencyId: current.currencyId, wallet: 'change' as const };
    context.move({ ...owner, locked: -current.amount, available: current.amount, reason: 'upstart_unlock', reference: `upstart:${current.id}` });
    const next: SubscriptionState = { ...current, status: SUBSCRIPTION_STATUS.completed, updatedAt: now };
    this.open.delete(next.id);
    context.stage(SUBSCRIPTIONS, next);
    return next;
  }

  private releaseDeadline(subscription: SubscriptionState): Deadline {
    const id = subscription.id;
    return {
      key: releaseKey(id),
      dueAt: subscription.unlockAt.getTime(),
      command: () => ({ kind: 'upstart_release', key: releaseKey(id), subscriptionId: id }),
    };
  }
}
