import { floorDecimal, type LeverTradePush } from '@tessera/protocol';
import { formatAmount, tryParseAmount, type Atoms } from '../../core/amount';
import { newCommandKey } from '../../core/command-key';
import type { Core } from '../../core/core';
import type { LeverPairSettings } from '../../core/lever/settings';
import type { LeverTrade } from '../../core/lever/state';
import { refuse } from '../../core/refusal';
import type { DepthLevel } from '../../core/read-view';
import { notional } from '../../core/spot/pair';
import type { PageRequest } from '../../lib/paging';
import { formatTimestamp } from '../../lib/time';
import { amountText, presentTrade, priceText } from './presenter';
import type { LeverRepository } from './repository';
import type { Turns } from '../../db/turns';

export interface SubmitInput {
  legal_id: number;
  currency_id: number;
  multiple?: string;
  share?: string;
  type?: string;
  status?: string;
  target_price?: string;
}

const BOOK_LEVELS = 10;
const STATUSES: Record<number, number[]> = { 0: [0], 1: [1], 3: [3], 4: [4] };

/** Leveraged trading for users: every change goes to the core; lists read what it wrote. */
export class LeverService {

  constructor(
    private readonly core: Core,
    private readonly lever: LeverRepository,
    private readonly currencyNames: () => Promise<Map<number, string>>,
    /** CNY per USDT, held in memory by market data */
    private readonly usdtCnyRate: () => Atoms,
    /** "closing in progress": a position's close, or a user's batch close, holds a turn in every process */
    private readonly turns: Turns,
  ) {}

  /** The lever settings of the pair the two ids name; refuses when there is none. */
  pairOf(currencyId: number, legalId: number): LeverPairSettings {
    const pair = this.core.read.leverPairs().find((candidate) => candidate.currencyId === currencyId && candidate.legalId === legalId);
    if (!pair) refuse('pair missing or not enabled');
    return pair;
  }

  /** The pair's price precision: the spot pair's, as the operator set it. */
  private pricePrecision(pairId: number): number {
    return this.core.read.pair(pairId)?.pricePrecision ?? 8;
  }

  /** lever/deal: book, last price, the pair's settings and the caller's lever balance and pending orders. */
  async deal(userId: number | undefined, currencyId: number, legalId: number) {
    const pair = this.pairOf(currencyId, legalId);
    const depth = this.core.read.depth(pair.pairId, BOOK_LEVELS);
    const spot = this.core.read.pair(pair.pairId);
    // `0` and `1` repeat price and number: old clients read a row as `[price, number]`
    const entry = ({ price, quantity }: DepthLevel) => {
      const row = {
        price: priceText(price, this.pricePrecision(pair.pairId)),
        number: floorDecimal(formatAmount(quantity), spot?.quantityPrecision ?? 8),
        sum: formatAmount(notional(price, quantity)),
      };
      return { ...row, 0: row.price, 1: row.number };
    };
    const balance = userId === undefined ? { available: 0n, locked: 0n } : this.core.read.balance({ userId, currencyId: legalId, wallet: 'lever' });
    const names = await this.currencyNames();
    const pending = userId === undefined ? [] : this.core.read.leverTradesOf(userId).filter((trade) => trade.status === 0 && trade.pairId === pair.pairId);
    const last = this.core.read.markPrice(pair.pairId)?.mark ?? this.core.read.lastPrice(pair.pairId) ?? 0n;
    return {
      last_price: priceText(last, this.pricePrecision(pair.pairId)),
      ExRAte: floorDecimal(formatAmount(this.usdtCnyRate()), 4),
      lever_transaction: { in: depth.bids.map(entry), out: depth.asks.map(entry) },
      // old clients read each choice as `item.value`; the plain lists serve readers of numbers
      multiple: {
        muit: pair.multiples.map((value) => ({ value })),
        share: pair.shares.map((value) => ({ value })),
        muit_list: [...pair.multiples],
        share_list: [...pair.shares],
      },
      all_levers: amountText(balance.available + balance.locked),
      user_lever: amountText(balance.available),
      lever_share_limit: { min: pair.handsMin, max: pair.handsMax },
      lever_share_num: formatAmount(pair.shareNum),
      spread: formatAmount(pair.spread),
      lever_trade_fee: formatAmount(pair.feeRate),
      my_transaction: pending
        .sort((a, b) => b.id - a.id)
        .map((trade) => ({
          id: trade.id,
          create_time: formatTimestamp(trade.createdAt),
          currency_name: names.get(trade.currencyId) ?? '',
          legal_name: names.get(trade.legalId) ?? '',
          type: trade.type,
          total_number: trade.hands,
          price: formatAmount(trade.targetPrice ?? trade.price),
          complete_number: 0,
          number: trade.hands,
          total_money: amountText(trade.margin + trade.fee),
        })),
    };
  }

  /** lever/submit: the form's rules, then the core's (settings, mark, balance). */
  async submit(userId: number, input: SubmitInput): Promise<number> {
    const pair = this.pairOf(input.currency_id, input.legal_id);
    const type = input.type === '1' ? 1 : input.type === '2' ? 2 : refuse('parameter error');
    const mode = input.status === '0' ? 'limit' : input.status === '1' || input.status === undefined || input.status === '' ? 'market' : refuse('parameter error');
    if (!input.multiple || !/^\d{1,6}$/.test(input.multiple)) refuse('multiple out of range');
    if (!input.share || !/^\d{1,9}$/.test(input.share) || Number(input.share) <= 0) refuse('hands must be a positive integer');
    let targetPrice: Atoms | undefined;
    if (mode === 'limit') {
      if (!input.target_price) refuse('enter price');
      targetPrice = tryParseAmount(input.target_price);
      if (targetPrice === undefined) refuse('limit price rules');
    }
    const result = await this.core.execute({
      kind: 'lever_open',
      key: newCommandKey('lever'),
      userId,
      pairId: pair.pairId,
      type,
      mode,
      multiple: Number(input.multiple),
      hands: Number(input.share),
      ...(targetPrice === undefined ? {} : { targetPrice }),
    });
    return result.applied ? (result.leverTradeId ?? 0) : 0;
  }

  /** One close at a time per position: a second request while the first is under way is told so. */
  async close(userId: number, tradeId: number): Promise<void> {
    await this.refuseWhenFinished(userId, tradeId);
    await this.turns.runOrElse(
      `lever-close:${tradeId}`,
      () => this.core.execute({ kind: 'lever_close', key: newCommandKey('lever-close'), userId, tradeId }),
      () => refuse('closing in progress'),
    );
  }

  async cancel(userId: number, tradeId: number): Promise<void> {
    await this.refuseWhenFinished(userId, tradeId);
    await this.core.execute({ kind: 'lever_cancel', key: newCommandKey('lever-cancel'), userId, tradeId });
  }

  async batchClose(userId: number, side: number | undefined): Promise<void> {
    const chosen = side ?? 0;
    if (chosen !== 0 && chosen !== 1 && chosen !== 2) refuse('parameter error');
    await this.turns.runOrElse(
      `lever-batch-close:${userId}`,
      () => this.core.execute({ kind: 'lever_batch_close', key: newCommandKey('lever-batch'), userId, side: chosen }),
      () => refuse('closing in progress'),
    );
  }

  /** lever/setstop: an empty or zero price clears that level. */
  async setStop(userId: number, tradeId: number, takeProfit: string | undefined, stopLoss: string | undefined): Promise<void> {
    const level = (text: string | undefined): Atoms | null => {
      if (text === undefined || text === '') return null;
      const atoms = tryParseAmount(text);
      if (atoms === undefined || atoms < 0n) refuse('take-profit and stop-loss rules');
      return atoms === 0n ? null : atoms;
    };
    const tp = level(takeProfit);
    const sl = level(stopLoss);
    await this.refuseWhenFinished(userId, tradeId);
    await this.core.execute({ kind: 'lever_setstop', key: newCommandKey('lever-stop'), userId, tradeId, takeProfit: tp, stopLoss: sl });
  }

  /** lever/my_trade: one status's page, optionally of one pair. */
  async myTrades(userId: number, status: number | undefined, currencyId: number | undefined, legalId: number | undefined, page: PageRequest) {
    const statuses = STATUSES[status ?? 1];
    if (!statuses) refuse('parameter error');
    const pairIds = currencyId ? this.core.read.leverPairs().filter((pair) => pair.currencyId === currencyId && (!legalId || pair.legalId === legalId)).map((pair) => pair.pairId) : null;
    return { message: await this.page(userId, statuses, pairIds, page) };
  }

  /** lever/dealall: the caller's held positions of one pair. */
  async dealAll(userId: number, currencyId: number, legalId: number, page: PageRequest) {
    const pair = this.pairOf(currencyId, legalId);
    return { order: await this.page(userId, [1], [pair.pairId], page) };
  }

  /** transaction_complete, lever reading: closed positions, newest first. */
  async completed(userId: number, page: PageRequest) {
    const { data, total, pages } = await this.page(userId, [3], null, page);
    return { list: data, page: page.page, pages, total };
  }

  /** lever/risk: per quote currency the caller holds positions in (USDT always): risk rate, margin, liquidation marks. */
  async risk(userId: number) {
    const names = await this.currencyNames();
    const legals = new Set<number>(this.core.read.leverPairs().map((pair) => pair.legalId).filter((legalId) => legalId === 3));
    for (const trade of this.core.read.leverTradesOf(userId)) legals.add(trade.legalId);
    const pairs = new Map(this.core.read.leverPairs().map((pair) => [pair.pairId, pair]));
    return {
      list: [...legals].map((legalId) => {
        const risk = this.core.read.leverRisk(userId, legalId);
        return {
          legal_id: legalId,
          legal_name: names.get(legalId) ?? '',
          hazard_rate: risk.rate === null ? '' : floorDecimal(formatAmount(risk.rate), 2),
          liquidation_rate: formatAmount(risk.liquidationRate),
          caution_money: amountText(risk.margin),
          available: amountText(risk.available),
          equity: amountText(risk.equity),
          profits: amountText(risk.unrealised),
          liquidation_prices: risk.liquidationMarks.map((level) => {
            const pair = pairs.get(level.pairId);
            return { currency_id: pair?.currencyId ?? 0, symbol: pair?.symbol ?? '', price: priceText(level.mark, this.pricePrecision(level.pairId)) };
          }),
        };
      }),
    };
  }

  /** The `lever_trade` push of one user: held and pending lists, risk and profits of the quote currency. */
  async push(userId: number, legalId: number): Promise<LeverTradePush> {
    const names = await this.currencyNames();
    const live = this.core.read.leverTradesOf(userId).sort((a, b) => b.id - a.id);
    const show = (trade: LeverTrade) => presentTrade(trade, names, this.core.read.markPrice(trade.pairId)?.mark, this.pricePrecision(trade.pairId));
    const risk = this.core.read.leverRisk(userId, legalId);
    return {
      type: 'lever_trade',
      trades_all: JSON.stringify(live.filter((trade) => trade.status === 1).map(show)),
      trades_entrust: JSON.stringify(live.filter((trade) => trade.status === 0).map(show)),
      hazard_rate: risk.rate === null ? '' : floorDecimal(formatAmount(risk.rate), 2),
      profits_all: amountText(risk.equity),
      profits: amountText(risk.unrealised),
    };
  }

  private async page(userId: number, statuses: number[], pairIds: number[] | null, page: PageRequest) {
    const [{ rows, total }, names] = await Promise.all([this.lever.trades(userId, statuses, pairIds, page.limit, page.offset), this.currencyNames()]);
    const data = rows.map((trade) =>
      presentTrade(trade, names, this.core.read.markPrice(trade.pairId)?.mark, this.pricePrecision(trade.pairId)),
    );
    return { data, total, page: page.page, pages: Math.ceil(total / page.limit) };
  }

  /** A finished trade of the caller is already handled; anything not the caller's is not found. */
  private async refuseWhenFinished(userId: number, tradeId: number): Promise<void> {
    if (this.core.read.leverTrade(tradeId)?.userId === userId) return;
    const row = await this.lever.ownerOf(tradeId);
    if (!row || row.userId !== userId) refuse('data not found');
    refuse('order already handled');
  }
}
