import { floorDecimal } from '@tessera/protocol';
import { formatAmount, parseAmount, SCALE, tryParseAmount, type Atoms } from '../../core/amount';
import { newCommandKey } from '../../core/command-key';
import type { Core } from '../../core/core';
import { refuse } from '../../core/refusal';
import { paged, pageOf, type PageRequest } from '../../lib/paging';
import { formatTimestamp, type Clock } from '../../lib/time';
import { sanitizeContentHtml } from '../../lib/html-sanitizer';
import type { ProjectFilter, ProjectInput, ProjectRow, SubscriptionRecordRow, UpstartRepository } from './repository';

/** The cycle of a project: preheat, subscribing, ended, result announced. */
export const STAGE = { preheat: 1, subscribing: 2, ended: 3, announced: 4 } as const;
/** The only currency subscriptions are paid in. */
export const PAY_CURRENCY = { id: 3, name: 'USDT' } as const;
/** Subscriptions are paid in whole multiples of this many USDT. */
export const SUBSCRIPTION_UNIT = parseAmount('100');
/** The records screen asks for 500 rows at once. */
export const MAX_RECORDS_PAGE = 500;

const ONE = 10n ** BigInt(SCALE);
const HOUR_MS = 3_600_000;

/** Tokens bought by `paid` at `price`, floored to the token's precision: never more than paid for. */
export function tokensFor(paid: Atoms, price: Atoms, decimals: number): Atoms {
  const exact = (paid * ONE) / price;
  const step = 10n ** BigInt(SCALE - Math.min(Math.max(decimals, 0), SCALE));
  return (exact / step) * step;
}

/** Open for subscription: in the subscribing stage, and now between start and end. */
export function isSubscribing(project: Pick<ProjectRow, 'stage' | 'start_at' | 'end_at'>, now: Date): boolean {
  return project.stage === STAGE.subscribing && now >= project.start_at && now <= project.end_at;
}

export interface OrderInput {
  amount?: string;
  buymoney?: string;
  id?: number;
}

/**
 * Token subscription (UpStart): operators publish projects; users pay USDT from the change wallet
 * and receive the project's token locked for its frozen hours, then unlock it. Every money step
 * is a command of the core's subscriptions kind.
 */
export class UpstartService {
  constructor(
    private readonly core: Core,
    private readonly repository: UpstartRepository,
    private readonly clock: Clock,
  ) {}

  /** user/upstart */
  async info(userId: number, projectId: number | undefined) {
    const project = await this.offered(projectId);
    const total = parseAmount(project.total);
    const sold = parseAmount(project.sold);
    const remaining = total > sold ? total - sold : 0n;
    const balance = this.core.read.balance({ userId, currencyId: project.pay_currency_id, wallet: 'change' }).available;
    return {
      id: project.id,
      title: project.title,
      abstract: project.abstract,
      content: project.content,
      total: formatAmount(total),
      sy: formatAmount(remaining),
      issued: formatAmount(sold),
      price: formatAmount(parseAmount(project.price)),
      start_time2: formatTimestamp(project.start_at),
      end_time2: formatTimestamp(project.end_at),
      buymoney: project.pay_currency_name,
      c_name: project.currency_name,
      iepn_scz: project.frozen_hours,
      step: project.stage,
      can_subscribe: isSubscribing(project, this.clock()),
      detail: { balance: floorDecimal(formatAmount(balance), 8) },
    };
  }

  /** bi/price: the price of the token on offer, in USDT. */
  async price() {
    const project = await this.offered(undefined);
    return { price: formatAmount(parseAmount(project.price)), currency_name: project.currency_name, buymoney: project.pay_currency_name };
  }

  /** user/up_order: pays `amount` USDT for tokens locked for the project's frozen hours. */
  async subscribe(userId: number, input: OrderInput): Promise<number> {
    if (!input.amount || input.amount === '0') refuse('enter the subscription quantity');
    const paid = tryParseAmount(input.amount);
    if (paid === undefined) refuse('abnormal quantity');
    if (paid <= 0n) refuse('enter the subscription quantity');
    const buymoney = (input.buymoney ?? PAY_CURRENCY.name).toUpperCase();
    if (buymoney !== PAY_CURRENCY.name && buymoney !== String(PAY_CURRENCY.id)) refuse('only USDT can be used to subscribe');
    if (paid % SUBSCRIPTION_UNIT !== 0n) refuse('the subscription quantity must be an integer multiple of 100');
    const project = await this.offered(input.id);
    const now = this.clock();
    if (!isSubscribing(project, now)) refuse('subscription is not open');
    const price = parseAmount(project.price);
    const amount = tokensFor(paid, price, project.decimals);
    if (amount <= 0n) refuse('abnormal quantity');
    const result = await this.core.execute({
      kind: 'upstart_subscribe',
      key: newCommandKey('upstart'),
      userId,
      projectId: project.id,
      currencyId: project.currency_id,
      payCurrencyId: project.pay_currency_id,
      paid,
      price,
      amount,
      total: parseAmount(project.total),
      unlockAt: new Date(now.getTime() + project.frozen_hours * HOUR_MS),
    });
    if (!result.applied || result.recordId === undefined) refuse('subscription exception');
    return result.recordId;
  }

  /** user/uplists: the caller's subscriptions, newest first. */
  async records(userId: number, page: number | undefined, limit: number | undefined) {
    const size = Math.min(Math.max(limit || 10, 1), MAX_RECORDS_PAGE);
    const number = Math.max(page || 1, 1);
    const request = { page: number, limit: size, offset: (number - 1) * size };
    const rows = await this.repository.listOfUser(userId, size, request.offset);
    const total = rows[0]?.total ?? (request.offset > 0 ? (await this.repository.listOfUser(userId, 1, 0))[0]?.total ?? 0 : 0);
    const { list, pages } = paged(rows.map(record), total, request);
    return { data: list, limit: size, page: number, pages, total };
  }

  /** user/unlock: a stranger's subscription is answered as if it did not exist. */
  async unlock(userId: number, subscriptionId: number): Promise<void> {
    const owner = await this.repository.subscriptionOwner(subscriptionId);
    if (owner !== userId) refuse('order not found');
    const result = await this.core.execute({ kind: 'upstart_unlock', key: `upstart:${subscriptionId}:unlock`, userId, subscriptionId });
    if (!result.applied) refuse('order already handled');
  }

  /** Operator API: one page of projects, newest first, with what each sold. */
  async projects(filter: ProjectFilter, page: PageRequest) {
    // a project's `total` is what it puts on sale: the count of the filter travels beside it
    const { rows, total } = await pageOf(page, async (limit, offset) =>
      (await this.repository.listForOperator(filter, limit, offset)).map((row) => ({ row, total: row.total_rows })),
    );
    const list = rows.map(({ row }) => ({
      id: row.id,
      title: row.title,
      abstract: row.abstract,
      content: row.content,
      currency_id: row.currency_id,
      currency_name: row.currency_name,
      total: formatAmount(parseAmount(row.total)),
      sold: formatAmount(parseAmount(row.sold)),
      price: formatAmount(parseAmount(row.price)),
      stage: row.stage,
      start_at: row.start_at.toISOString(),
      end_at: row.end_at.toISOString(),
      frozen_hours: row.frozen_hours,
    }));
    return { list, total };
  }

  /** A project's `content` is HTML shown on the site: only its allowlisted part is saved. */
  async createProject(input: ProjectInput): Promise<number> {
    if (!(await this.repository.currencyExists(input.currencyId))) refuse('currency not found');
    return this.repository.create({ ...input, content: sanitizeContentHtml(input.content) });
  }

  /** Answers the project before and after, for the operator log. */
  async updateProject(id: number, input: ProjectInput): Promise<{ before: ProjectRow; after: ProjectRow | undefined }> {
    if (!(await this.repository.currencyExists(input.currencyId))) refuse('currency not found');
    const before = await this.repository.project(id);
    if (!before || !(await this.repository.update(id, { ...input, content: sanitizeContentHtml(input.content) }))) refuse('project not found');
    return { before, after: await this.repository.project(id) };
  }

  private async offered(projectId: number | undefined): Promise<ProjectRow> {
    const project = projectId ? await this.repository.project(projectId) : await this.repository.current();
    if (!project) refuse('project not found');
    return project;
  }
}

function record(row: SubscriptionRecordRow) {
  return {
    id: Number(row.id),
    project_id: row.project_id,
    currency_name: row.currency_name,
    buymoney: row.pay_currency_name,
    paid: formatAmount(parseAmount(row.paid)),
    price: formatAmount(parseAmount(row.price)),
    amount: formatAmount(parseAmount(row.amount)),
    status: row.status,
    created_at: formatTimestamp(row.created_at),
    endtime_at: formatTimestamp(row.unlock_at),
  };
}
