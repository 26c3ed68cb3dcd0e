import { formatFixed, type MicroOrder, type MicroPayableCurrency, type MicroSecondsOption } from '@tessera/protocol';
import { SCALE, tryParseAmount } from '../../core/amount';
import { newCommandKey } from '../../core/command-key';
import type { Core } from '../../core/core';
import type { MicroDirection } from '../../core/micro/state';
import { refuse } from '../../core/refusal';
import type { PageRequest } from '../../lib/paging';
import { pageOf } from '../../lib/paging';
import type { Clock } from '../../lib/time';
import { contractFromOrderRow, presentContract, type ContractNames, type ShownContract } from './present';
import type { MicroRepository } from './repository';
import { termsOf, type MicroTerms } from './settings';

export interface MicroSubmit {
  match_id: number;
  currency_id: number;
  type: MicroDirection;
  seconds?: number | undefined;
  number?: string | undefined;
}

const ONE_HUNDRED_PERCENT = 100n * 10n ** BigInt(SCALE);
const DEMO_HOUSE_FLOAT = 1_000_000n * 10n ** BigInt(SCALE);

/**
 * Second contracts for users: the terms on offer, opening (checked here against the operator's
 * terms, then applied by the core, which alone moves money) and the caller's contracts. Terms
 * only shape contracts not yet opened; a contract's result comes from recorded prices alone.
 */
export class MicroService {
  private currencyNames: Map<number, string> | undefined;

  constructor(
    private readonly core: Core,
    private readonly repository: MicroRepository,
    private readonly clock: Clock,
  ) {}

  async terms(): Promise<MicroTerms> {
    return termsOf(await this.repository.terms());
  }

  async seconds(): Promise<MicroSecondsOption[]> {
    const { raw } = await this.terms();
    return raw.seconds.map((option) => ({ seconds: option.seconds, profit_ratio: option.profit_ratio }));
  }

  /** The currencies contracts may be staked in, with the caller's micro balance (visitors: none). */
  async payableCurrencies(userId: number | undefined): Promise<MicroPayableCurrency[]> {
    const terms = await this.terms();
    const rows = await this.repository.currencies([...terms.currencies]);
    return rows
      .filter((row) => row.is_micro)
      .map((row) => {
        const balance = userId === undefined ? undefined : this.core.read.balance({ userId, currencyId: row.id, wallet: 'micro' });
        return {
          id: row.id,
          name: row.name,
          micro_numbers: terms.raw.quick_numbers.map((number) => ({ number })),
          micro_trade_fee: terms.raw.fee_percent,
          micro_min: terms.raw.min_stake,
          micro_max: terms.raw.max_stake,
          micro_multiple: terms.raw.stake_multiple,
          user_wallet: balance
            ? {
                micro_balance: formatFixed(balance.available, 8),
                lock_micro_balance: formatFixed(balance.locked, 8),
                // insurance is not offered (docs/decisions): with it off, the balance a stake
                // can use is the micro wallet's available balance, and clients show this field
                micro_with_insurance: formatFixed(balance.available, 8),
                insurance_balance: '0',
              }
            : null,
          insurance_types: [],
          user_insurance: null,
        };
      });
  }

  /** Checks the stake against the operator's terms, then opens the contract through the core. */
  async submit(userId: number, input: MicroSubmit): Promise<number> {
    if (input.number === undefined || input.number === '') refuse('enter number');
    const number = tryParseAmount(input.number);
    if (number === undefined) refuse('parameter error');
    if (number <= 0n) refuse('number must be greater than zero');
    const terms = await this.terms();
    const profitRatio = input.seconds === undefined ? undefined : terms.seconds.get(input.seconds);
    if (input.seconds === undefined || profitRatio === undefined) refuse('this seconds option is not offered');
    if (!terms.currencies.has(input.currency_id)) refuse('second contracts are not open for this currency');
    const [currency] = await this.repository.currencies([input.currency_id]);
    if (!currency?.is_micro) refuse('second contracts are not open for this currency');
    const pair = await this.repository.pair(input.match_id);
    if (!pair) refuse('pair not found');
    if (!pair.open_microtrade || !pair.is_display) refuse('second contracts are not open for this pair');
    if (number % terms.multiple !== 0n) refuse('the quantity must be a multiple of the stake step');
    if (number < terms.min) refuse('the quantity is below the minimum stake');
    if (number > terms.max) refuse('maximum order size exceeded');
    const fee = (number * terms.feePercent) / ONE_HUNDRED_PERCENT;
    const result = await this.core.execute({
      kind: 'micro_open',
      key: newCommandKey('micro'),
      userId,
      pairId: pair.id,
      currencyId: currency.id,
      type: input.type,
      seconds: input.seconds,
      number,
      fee,
      profitRatio,
    });
    return result.applied ? (result.microId ?? 0) : 0;
  }

  /**
   * A development install (DEMO_FUNDS): the house is granted 1,000,000 USDT in its micro wallet,
   * once (a fixed key), so demo contracts have winnings to pay. Real installs fund the house by an
   * operator's audited credit.
   */
  async grantDemoHouse(): Promise<void> {
    const [usdt] = (await this.repository.currencies([...(await this.terms()).currencies])).filter((row) => row.name === 'USDT');
    const house = await this.repository.houseAccount();
    if (!usdt || house === undefined) return;
    await this.core.execute({
      kind: 'adjust',
      key: `micro-house-float:v1:${usdt.id}`,
      userId: house,
      currencyId: usdt.id,
      wallet: 'micro',
      amount: DEMO_HOUSE_FLOAT,
      reason: 'adjustment',
      reference: 'demo house float',
    });
  }

  /** The caller's contracts, newest first: running (1) or closed (3). */
  async lists(userId: number, status: 1 | 3, pairId: number | undefined, page: PageRequest) {
    const { rows, total } = await pageOf(page, (limit, offset) => this.repository.orders(userId, status, pairId, limit, offset));
    const now = this.clock();
    const data: MicroOrder[] = [];
    for (const row of rows) {
      const contract = contractFromOrderRow(row);
      data.push(presentContract(contract, await this.namesOf(contract), now));
    }
    return { data, page: page.page, pages: Math.ceil(total / page.limit), total };
  }

  /** A contract as its owner's push shows it. */
  async present(contract: ShownContract): Promise<MicroOrder> {
    return presentContract(contract, await this.namesOf(contract), this.clock());
  }

  private async namesOf(contract: ShownContract): Promise<ContractNames> {
    const pair = this.core.read.pair(contract.pairId);
    if (!this.currencyNames?.has(contract.currencyId)) {
      const rows = await this.repository.currencies([contract.currencyId]);
      this.currencyNames ??= new Map();
      for (const row of rows) this.currencyNames.set(row.id, row.name);
    }
    return {
      symbol: pair?.symbol ?? '',
      pricePrecision: pair?.pricePrecision ?? 8,
      currencyName: this.currencyNames.get(contract.currencyId) ?? '',
    };
  }
}
