import { C2C_WAYS, type C2cWay } from '@tessera/protocol';
import { fitsColumn, hasAtMostDecimals as fitsDecimals, tryParseAmount, type Atoms } from '../../core/amount';
import { dealMoneyOf } from '../../core/c2c/state';
import type { C2cCommand } from '../../core/c2c/book';
import { newCommandKey } from '../../core/command-key';
import type { Core } from '../../core/core';
import { Refusal, refuse } from '../../core/refusal';
import type { PageRequest } from '../../lib/paging';
import type { Clock } from '../../lib/time';
import type { SettingsRepository } from '../system/settings-repository';
import { storedUploadUrl, type UploadService } from '../uploads/service';
import type { UserRepository } from '../users/repository';
import type { WalletRepository } from '../wallets/repository';
import type { CashInfoRepository } from './cash-info-repository';
import { waysOf } from './cash-info-service';
import { adView, orderView } from './order-view';
import type { C2cRepository, OrderRow } from './repository';

/** Operator setting: minutes after "paid" before either side may appeal an order the seller has not released. */
export const APPEAL_MINUTES_SETTING = 'c2c_appeal_minutes';
export const DEFAULT_APPEAL_MINUTES = 30;

export interface PublishInput {
  type?: string;
  currency_id?: number;
  price?: string;
  total_number?: string;
  min_number?: string;
  max_number?: string;
  way?: string;
}

export type OrderStep = 'c2c_cancel' | 'c2c_pay' | 'c2c_release';

const PRICE_DECIMALS = 4;

function page<T>(data: T[], total: number, request: PageRequest) {
  return { data, page: request.page, pages: Math.ceil(total / request.limit), total };
}

/**
 * Peer-to-peer fiat trading: the checks that need the database (identity, payment methods, the
 * coin), then one core command; the core holds the escrow and every rule of money and state.
 * Orders are read and acted on only by their two parties: anyone else is told they do not exist.
 */
export class C2cService {
  constructor(
    private readonly core: Core,
    private readonly repository: C2cRepository,
    private readonly cashInfo: CashInfoRepository,
    private readonly users: UserRepository,
    private readonly wallets: WalletRepository,
    private readonly settings: SettingsRepository,
    private readonly uploads: UploadService,
    private readonly clock: Clock,
  ) {}

  /** c2c_send */
  async publish(userId: number, input: PublishInput): Promise<number> {
    if (input.type !== 'buy' && input.type !== 'sell') refuse('parameter error');
    const payable = await this.checkMayTrade(userId);
    const currency = await this.coin(input.currency_id);
    if (!input.total_number) refuse(input.type === 'buy' ? 'enter the number to buy' : 'enter the number to sell');
    const total = this.coins(input.total_number, currency.decimals);
    if (!input.price) refuse('enter price');
    const price = tryParseAmount(input.price);
    if (price === undefined) refuse('parameter error');
    if (!fitsDecimals(price, PRICE_DECIMALS)) refuse('price may have at most 4 decimals');
    if (!input.way) refuse('choose payment method');
    const ways = [...new Set(input.way.split(',').map((way) => way.trim()))];
    if (!ways.every((way): way is C2cWay => (C2C_WAYS as readonly string[]).includes(way))) refuse('parameter error');
    // the publisher must be able to receive every way the ad offers
    if (!ways.every((way) => payable.has(way))) throw new Refusal('no payment info', '997');
    // the ad's whole value (price × total) must fit the orders' deal_money column
    if (!fitsColumn(dealMoneyOf(price, total))) refuse('parameter error');
    const minNumber = input.min_number ? this.coins(input.min_number, currency.decimals) : 0n;
    const maxNumber = input.max_number ? this.coins(input.max_number, currency.decimals) : 0n;
    return this.execute({ kind: 'c2c_publish', key: newCommandKey('c2c_publish'), userId, type: input.type, currencyId: currency.id, price, total, minNumber, maxNumber, ways });
  }

  /** c2c/do_legal_deal: takes an ad; answers the new order's id. */
  async take(userId: number, adId: number, number: string | undefined): Promise<number> {
    const payable = await this.checkMayTrade(userId);
    const ad = await this.repository.ad(adId);
    if (!ad || ad.status !== 'open') refuse('ad not found');
    // selling into a buy ad, the taker is the one paid: through a way the ad's buyer can pay
    if (ad.type === 'buy' && !ad.ways.split(',').some((way) => (payable as ReadonlySet<string>).has(way))) throw new Refusal('no payment info', '997');
    let amount: Atoms | null = null;
    if (number) {
      const currency = await this.coin(ad.currency_id);
      amount = this.coins(number, currency.decimals);
    }
    return this.execute({ kind: 'c2c_take', key: newCommandKey('c2c_take'), userId, adId, number: amount });
  }

  /** c2c/back_send: only the publisher; what no order holds goes back. */
  async withdraw(userId: number, adId: number): Promise<void> {
    const ad = await this.repository.ad(adId);
    if (!ad || ad.user_id !== userId) refuse('ad not found');
    if (ad.status !== 'open') refuse('ad already withdrawn');
    await this.execute({ kind: 'c2c_withdraw', key: newCommandKey('c2c_withdraw'), userId, adId });
  }

  /** Cancel or "I have paid" (the buyer), confirm receipt (the seller). */
  async step(userId: number, orderId: number, kind: OrderStep): Promise<void> {
    await this.unfinishedPartyOrder(userId, orderId);
    await this.execute({ kind, key: newCommandKey(kind), userId, orderId });
  }

  /** Either party appeals a paid order the seller has not released in time, with a message and a proof image. */
  async appeal(userId: number, orderId: number, message: string | undefined, image: string | undefined): Promise<void> {
    const order = await this.unfinishedPartyOrder(userId, orderId);
    if (!message) refuse('enter the appeal message');
    if (!image) refuse('upload a proof image');
    if (!(await this.uploads.ownedBy(userId, image))) refuse('photo not found, upload it again');
    await this.execute({ kind: 'c2c_appeal', key: newCommandKey('c2c_appeal'), userId, orderId: Number(order.id), message, image: storedUploadUrl(image), appealAfterMs: await this.appealAfterMs() });
    await this.uploads.markReferenced(userId, [image]);
  }

  /** An operator's ruling on an appealed order; answers the order before and after, for the operator log. */
  async resolve(operatorId: number, orderId: number, outcome: 'release' | 'return') {
    const before = await this.repository.order(orderId);
    if (!before) refuse('order not found');
    if (before.status !== 3 || before.appealed_at === null) refuse('order already handled');
    await this.execute({ kind: 'c2c_resolve', key: newCommandKey('c2c_resolve'), operatorId, orderId, outcome });
    const after = await this.repository.order(orderId);
    return { before: operatorView(before), after: after && operatorView(after) };
  }

  async appealed(request: PageRequest) {
    const rows = await this.repository.appealed(request.limit, request.offset);
    return page(rows.map(operatorView), rows[0]?.total_rows ?? 0, request);
  }

  /** Every ad, for the back office: the publisher's id and account in full. */
  async operatorAds(filter: { status?: string; type?: string; account?: string }, request: PageRequest) {
    const [rows, names] = await Promise.all([this.repository.allAds(filter, request.limit, request.offset), this.wallets.names()]);
    const list = rows.map((row) => ({ ...adView(row, names, undefined), user_id: row.user_id, user_account: row.account }));
    return { list, total: rows[0]?.total_rows ?? 0 };
  }

  /** Every order, for the back office: both parties' ids and accounts, the appeal and the ruling. */
  async operatorOrders(filter: { status?: number; appealed?: boolean; userId?: number }, request: PageRequest) {
    const rows = await this.repository.allOrders(filter, request.limit, request.offset);
    const [names, people] = await Promise.all([this.wallets.names(), this.repository.people([...new Set(rows.flatMap((row) => [row.buyer_id, row.seller_id]))])]);
    const list = rows.map((row) => ({
      ...operatorView(row),
      currency_name: names.get(row.currency_id) ?? '',
      buyer_account: people.get(row.buyer_id)?.account ?? '',
      seller_account: people.get(row.seller_id)?.account ?? '',
      cancel_reason: row.cancel_reason,
      ways: row.ways,
      created_at: row.created_at.toISOString(),
    }));
    return { list, total: rows[0]?.total_rows ?? 0 };
  }

  /** c2c_deal_platform: open ads of a type with something left. */
  async market(viewerId: number, type: string | undefined, currencyId: number | undefined, request: PageRequest) {
    const adType = type === 'buy' ? 'buy' : 'sell';
    const [rows, names] = await Promise.all([this.repository.market(adType, currencyId, request.limit, request.offset), this.wallets.names()]);
    return page(rows.map((row) => adView(row, names, viewerId)), rows[0]?.total_rows ?? 0, request);
  }

  /** c2c/seller_trade: the caller's own ads. */
  async myAds(userId: number, type: string | undefined, currencyId: number | undefined, request: PageRequest) {
    const adType = type === 'buy' || type === 'sell' ? type : undefined;
    const [rows, names] = await Promise.all([this.repository.ofPublisher(userId, adType, currencyId, request.limit, request.offset), this.wallets.names()]);
    return page(rows.map((row) => adView(row, names, userId)), rows[0]?.total_rows ?? 0, request);
  }

  /** c2c_user_deal: orders the caller took. */
  async myOrders(userId: number, request: PageRequest) {
    const rows = await this.repository.ofTaker(userId, request.limit, request.offset);
    return page(await this.views(rows, userId), rows[0]?.total_rows ?? 0, request);
  }

  /** c2c/legal_send_deal_list: orders on one of the caller's ads. */
  async ordersOfAd(userId: number, adId: number, request: PageRequest) {
    const ad = await this.repository.ad(adId);
    if (!ad || ad.user_id !== userId) refuse('ad not found');
    const rows = await this.repository.ofAd(userId, adId, request.limit, request.offset);
    return page(await this.views(rows, userId), rows[0]?.total_rows ?? 0, request);
  }

  /** c2c_deal: one order, for its parties only. */
  async order(userId: number, orderId: number) {
    const row = await this.partyOrder(userId, orderId);
    const [view] = await this.views([row], userId);
    if (!view) refuse('order not found');
    return view;
  }

  private async views(rows: OrderRow[], viewerId: number) {
    const ids = [...new Set(rows.flatMap((row) => [row.buyer_id, row.seller_id]))];
    const [names, people, cash, appealAfterMs] = await Promise.all([this.wallets.names(), this.repository.people(ids), this.cashInfo.findMany(ids), this.appealAfterMs()]);
    const now = this.clock();
    return rows.map((row) => orderView(row, viewerId, { names, people, cash }, appealAfterMs, now));
  }

  private async partyOrder(userId: number, orderId: number): Promise<OrderRow> {
    const row = await this.repository.order(orderId);
    if (!row || (row.buyer_id !== userId && row.seller_id !== userId)) refuse('order not found');
    return row;
  }

  /** A party's order that has not ended: done and cancelled orders offer no action. */
  private async unfinishedPartyOrder(userId: number, orderId: number): Promise<OrderRow> {
    const row = await this.partyOrder(userId, orderId);
    if (row.status === 1 || row.status === 2) refuse('order already handled');
    return row;
  }

  /** 998 without verified identity, 997 without payment methods; answers the ways the user can be paid. */
  private async checkMayTrade(userId: number) {
    const user = await this.users.findById(userId);
    if (!user || user.review_status !== 2) throw new Refusal('not real-name verified', '998');
    const ways = waysOf(await this.cashInfo.find(userId));
    if (ways.size === 0) throw new Refusal('no payment info', '997');
    return ways;
  }

  private async coin(currencyId: number | undefined) {
    if (!currencyId) refuse('parameter error');
    const currency = await this.wallets.currency(currencyId);
    if (!currency) refuse('currency not found');
    if (!currency.is_legal) refuse('this currency cannot be traded in c2c');
    return currency;
  }

  private coins(text: string, decimals: number): Atoms {
    const amount = tryParseAmount(text);
    if (amount === undefined) refuse('parameter error');
    if (amount <= 0n) refuse('number must be greater than zero');
    if (!fitsDecimals(amount, decimals)) refuse('amount has more decimals than the currency allows');
    return amount;
  }

  private async appealAfterMs(): Promise<number> {
    const minutes = await this.settings.get<number>(APPEAL_MINUTES_SETTING);
    return (typeof minutes === 'number' && minutes >= 0 ? minutes : DEFAULT_APPEAL_MINUTES) * 60_000;
  }

  private async execute(command: C2cCommand): Promise<number> {
    const result = await this.core.execute(command);
    if (!result.applied || result.c2cId === undefined) refuse('please retry');
    return result.c2cId;
  }
}

/** An order as operators see it: both parties, the appeal, the ruling. */
function operatorView(row: OrderRow) {
  return {
    id: Number(row.id),
    ad_id: Number(row.ad_id),
    type: row.type,
    buyer_id: row.buyer_id,
    seller_id: row.seller_id,
    currency_id: row.currency_id,
    number: row.number,
    price: row.price,
    deal_money: row.deal_money,
    is_sure: row.status,
    paid_at: row.paid_at?.toISOString() ?? null,
    appeal_by: row.appeal_by,
    appeal_message: row.appeal_message,
    appeal_image: row.appeal_image,
    appealed_at: row.appealed_at?.toISOString() ?? null,
    resolution: row.resolution,
    resolved_by: row.resolved_by,
  };
}
