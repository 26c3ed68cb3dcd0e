import { maskAccount } from '@tessera/protocol';
import { formatAmount, hasAtMostDecimals, parseAmount, tryParseAmount, type Atoms } from '../../core/amount';
import { AUTO_CONFIRM_MS, coinsOf, PAYMENT_WAYS, type DealType, type PaymentWay } from '../../core/acceptors/state';
import { newCommandKey } from '../../core/command-key';
import type { Core } from '../../core/core';
import { refuse } from '../../core/refusal';
import { paged, pageOf, type PageRequest } from '../../lib/paging';
import { formatTimestamp } from '../../lib/time';
import type { ChainGate } from '../wallets/chain-gate';
import type { AcceptorFilter, AcceptorInput, AcceptorRow, AcceptorRepository, DealFilter, DealRow } from './repository';

const PERCENT = parseAmount('100');
const MOBILE = /^\+?\d{5,15}$/;

const WAY_NAME: Record<PaymentWay, string> = { we_chat: 'WeChat', ali_pay: 'Alipay', bank: 'Bank card' };

export interface DealInput {
  acceptor_id?: number;
  way?: string;
  type?: string;
  mobile?: string;
  deal_account?: string;
  money?: string;
}

/** The methods an acceptor takes: those with an account set. */
export function waysOf(row: Pick<AcceptorRow, 'wechat_account' | 'ali_account' | 'bank_account'>): PaymentWay[] {
  return PAYMENT_WAYS.filter((way) => accountFor(row, way) !== '');
}

function accountFor(row: Pick<AcceptorRow, 'wechat_account' | 'ali_account' | 'bank_account'>, way: PaymentWay): string {
  if (way === 'we_chat') return row.wechat_account;
  if (way === 'ali_pay') return row.ali_account;
  return row.bank_account;
}

/** `money × rate %`, cut down to the currency's precision: never more than the rate says. */
export function dealFee(money: Atoms, rate: Atoms, decimals: number): Atoms {
  const fee = (money * rate) / PERCENT;
  const step = 10n ** BigInt(18 - Math.min(Math.max(decimals, 0), 18));
  return (fee / step) * step;
}

/**
 * Acceptor deals: a user buys coins from an acceptor (pays fiat, the acceptor confirms) or sells
 * them coins (escrowed; the acceptor pays and marks it paid; the user confirms, or the core does
 * 20 minutes later). Every money step is a command of the core's acceptors kind.
 */
export class AcceptorService {
  constructor(
    private readonly core: Core,
    private readonly acceptors: AcceptorRepository,
    private readonly gate: ChainGate,
  ) {}

  /** acceptor/list */
  async list() {
    const rows = await this.acceptors.listActive();
    return rows.map((row) => this.view(row));
  }

  /** acceptor/info */
  async info(acceptorId: number | undefined) {
    if (!acceptorId) refuse('parameter error');
    const row = await this.acceptors.find(acceptorId);
    if (!row || !row.active) refuse('acceptor not found');
    return this.view(row);
  }

  /** acceptor/deal: checks the form, then the core escrows the coins of the deal. */
  async open(userId: number, input: DealInput): Promise<number> {
    if (!input.acceptor_id) refuse('acceptor not found');
    const acceptor = await this.acceptors.find(input.acceptor_id);
    if (!acceptor || !acceptor.active) refuse('acceptor not found');
    if (!input.mobile) refuse('enter the mobile number');
    if (!MOBILE.test(input.mobile)) refuse('the e-mail or phone number does not match the rules');
    if (!input.deal_account) refuse('enter the payment account');
    if (!input.money) refuse('enter amount');
    const money = tryParseAmount(input.money);
    if (money === undefined || !hasAtMostDecimals(money, acceptor.decimals)) refuse('parameter error');
    if (money <= 0n) refuse('amount must be greater than zero');
    if (!input.way) refuse('choose payment method');
    const way = PAYMENT_WAYS.find((candidate) => candidate === input.way);
    if (!way) refuse('choose payment method');
    if (!waysOf(acceptor).includes(way)) refuse('this acceptor does not take this payment method');
    const type: DealType | undefined = input.type === 'buy' || input.type === 'sell' ? input.type : undefined;
    if (!type) refuse('parameter error');
    if (acceptor.user_id === userId) refuse('you cannot deal with yourself');
    const limit = parseAmount(type === 'buy' ? acceptor.recharge_amount : acceptor.cash_amount);
    if (limit > 0n && money > limit) refuse('amount above the acceptor limit');
    const rate = parseAmount(type === 'buy' ? acceptor.recharge_rate : acceptor.cash_rate);
    const fee = dealFee(money, rate, acceptor.decimals);
    if (fee >= money) refuse('minimum amount not met');
    await this.gate.check(userId);
    const result = await this.core.execute({
      kind: 'acceptor_deal_open',
      key: newCommandKey('acceptor'),
      userId,
      acceptorId: acceptor.user_id,
      currencyId: acceptor.currency_id,
      type,
      way,
      mobile: input.mobile,
      dealAccount: input.deal_account,
      money,
      rate,
      fee,
    });
    if (!result.applied || result.recordId === undefined) refuse('please retry');
    return result.recordId;
  }

  /** acceptor/my_deal: the caller's deals, newest first; `type` (or `way`, as old clients send it) buy or sell. */
  async myDeals(userId: number, type: string | undefined, page: PageRequest) {
    const filter = type === 'buy' || type === 'sell' ? type : undefined;
    const { rows, total } = await pageOf(page, (limit, offset) => this.acceptors.dealsOfUser(userId, filter, limit, offset));
    return paged(rows.map(dealView), total, page);
  }

  /** acceptor/orders: the deals the caller handles as an acceptor. */
  async incoming(acceptorId: number, isSure: number | undefined, page: PageRequest) {
    if (!(await this.acceptors.find(acceptorId))) refuse('you are not an acceptor');
    const { rows, total } = await pageOf(page, (limit, offset) => this.acceptors.dealsOfAcceptor(acceptorId, isSure, limit, offset));
    return paged(rows.map(dealView), total, page);
  }

  /** acceptor/confirm, acceptor/reject, acceptor/paid: the acceptor's step on one of their deals. */
  async decide(acceptorId: number, dealId: number, decision: 'confirm' | 'reject' | 'paid'): Promise<void> {
    const deal = await this.acceptors.deal(dealId);
    // another acceptor's deal is answered as if it did not exist
    if (!deal || deal.acceptor_id !== acceptorId) refuse('order not found');
    const result = await this.core.execute({ kind: 'acceptor_deal_decide', key: `acceptor:${dealId}:${decision}`, acceptorId, dealId, decision });
    if (!result.applied) refuse('order already handled');
  }

  /** acceptor/user_confirm: the user received the acceptor's payment for a sell. */
  async confirmReceived(userId: number, dealId: number): Promise<void> {
    const deal = await this.acceptors.deal(dealId);
    if (!deal || deal.user_id !== userId) refuse('order not found');
    const result = await this.core.execute({ kind: 'acceptor_deal_receive', key: `acceptor:${dealId}:received`, userId, dealId });
    if (!result.applied) refuse('order already handled');
  }

  /**
   * acceptor/object: the user was not paid although the acceptor marked the sell paid. Within the
   * 20 minutes before it confirms itself, the deal then waits for an operator's ruling.
   */
  async object(userId: number, dealId: number): Promise<void> {
    const deal = await this.acceptors.deal(dealId);
    if (!deal || deal.user_id !== userId) refuse('order not found');
    const result = await this.core.execute({ kind: 'acceptor_deal_object', key: `acceptor:${dealId}:object`, userId, dealId });
    if (!result.applied) refuse('order already appealed');
  }

  /**
   * Operator API: the ruling on a disputed deal: `release` the coins to the acceptor or `return`
   * them to the user. Answers the deal before and after, for the operator log.
   */
  async rule(operatorId: number, dealId: number, outcome: 'release' | 'return') {
    const before = await this.acceptors.deal(dealId);
    if (!before) refuse('order not found');
    if (before.is_sure !== 3 || before.objected_at === null) refuse('order already handled');
    const result = await this.core.execute({ kind: 'acceptor_deal_rule', key: `acceptor:${dealId}:rule`, operatorId, dealId, outcome });
    if (!result.applied) refuse('order already handled');
    const after = await this.acceptors.deal(dealId);
    const summary = (row: typeof before | undefined) => row && { is_sure: row.is_sure, ruling: row.ruling, objected_at: row.objected_at?.toISOString() ?? null, money: row.money };
    return { before: summary(before), after: summary(after) };
  }

  /** Operator API: appoint (or change) an acceptor. Answers the acceptor before and after, for the operator log. */
  async appoint(userId: number, input: AcceptorInput): Promise<{ before: AcceptorRow | null; after: AcceptorRow | null }> {
    if (!(await this.acceptors.isMember(userId))) refuse('user not found');
    if (!(await this.acceptors.currencyExists(input.currencyId))) refuse('currency not found');
    const before = (await this.acceptors.find(userId)) ?? null;
    await this.acceptors.save(userId, input);
    return { before, after: (await this.acceptors.find(userId)) ?? null };
  }

  /** Back office: one page of acceptors, by user id, with the account, the currency and whether active. */
  async forOperator(filter: AcceptorFilter, page: PageRequest) {
    const { rows, total } = await pageOf(page, (limit, offset) => this.acceptors.listForOperator(filter, limit, offset));
    return { list: rows.map((row) => ({ ...this.view(row), account: row.account, currency_id: row.currency_id, active: row.active })), total };
  }

  /** Back office: one page of every acceptor's deals, newest first, the user's account in full. */
  async dealsForOperator(filter: DealFilter, page: PageRequest) {
    const { rows, total } = await pageOf(page, (limit, offset) => this.acceptors.allDeals(filter, limit, offset));
    return {
      list: rows.map((row) => ({
        ...dealView(row),
        user_id: row.user_id,
        user_account: row.user_account,
        paid_at: row.paid_at?.toISOString() ?? null,
        objected_at: row.objected_at?.toISOString() ?? null,
        ruling: row.ruling,
      })),
      total,
    };
  }

  private view(row: AcceptorRow) {
    const balance = this.core.read.balance({ userId: row.user_id, currencyId: row.currency_id, wallet: 'change' }).available;
    return {
      id: row.user_id,
      name: row.name,
      currency_name: row.currency_name,
      wechat_nickname: row.wechat_nickname,
      wechat_account: row.wechat_account,
      ali_nickname: row.ali_nickname,
      ali_account: row.ali_account,
      bank_name: row.bank_name,
      bank_account: row.bank_account,
      bank_address: row.bank_address,
      ways: waysOf(row),
      user_balance: formatAmount(balance),
      recharge_amount: formatAmount(parseAmount(row.recharge_amount)),
      recharge_rate: formatAmount(parseAmount(row.recharge_rate)),
      cash_amount: formatAmount(parseAmount(row.cash_amount)),
      cash_rate: formatAmount(parseAmount(row.cash_rate)),
    };
  }
}

function dealView(row: DealRow) {
  const money = parseAmount(row.money);
  const fee = parseAmount(row.fee);
  // the user objected to a "paid" sell and an operator has not ruled yet
  const disputed = row.is_sure === 3 && row.objected_at !== null;
  return {
    id: Number(row.id),
    type: row.type,
    create_time: formatTimestamp(row.created_at),
    update_time: formatTimestamp(row.updated_at),
    deal_account: row.deal_account,
    mobile: row.mobile,
    acceptor_id: row.acceptor_id,
    acceptor_name: row.acceptor_name,
    hes_account: accountFor(row, row.way),
    user_account: maskAccount(row.user_account),
    way: row.way,
    way_name: WAY_NAME[row.way],
    currency_name: row.currency_name,
    money: formatAmount(money),
    rate: formatAmount(parseAmount(row.rate)),
    fee: formatAmount(fee),
    coins: formatAmount(coinsOf({ type: row.type, money, fee })),
    is_sure: row.is_sure,
    // a disputed deal waits for an operator's ruling and no longer confirms itself
    auto_confirm_time: row.is_sure === 3 && row.paid_at && !disputed ? formatTimestamp(new Date(row.paid_at.getTime() + AUTO_CONFIRM_MS)) : '',
    disputed,
    ruling: row.ruling,
  };
}
