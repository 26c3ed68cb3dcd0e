import { UNIT } from '@tessera/protocol';
import type { Queryable } from '../../db/database';
import { formatAmount, hasAtMostDecimals, type Atoms } from '../amount';
import type { CommandContext } from '../command-context';
import type { CommandResult, Deadline, KindState, LoadContext, PriceTrigger, TriggerFiring } from '../kind';
import type { MarkPrice } from '../read-view';
import { refuse, refuseWith } from '../refusal';
import { CURRENCY_PAIRS } from '../spot/pair-columns';
import type { SpotPair } from '../spot/pair';
import type {
  LeverCommand,
  LeverGlobalSettingsCommand,
  LeverOpenCommand,
  LeverOvernightCommand,
  LeverPairSettingsCommand,
  LeverSetStopCommand,
} from './commands';
import {
  LEVER_GLOBAL_SETTINGS,
  LEVER_LIQUIDATIONS,
  LEVER_OVERNIGHT_CHARGES,
  LEVER_OVERNIGHT_DAYS,
  LEVER_PAIR_SETTINGS,
  LEVER_RISK_WATCH,
  LEVER_TRADES,
  loadLever,
  type LeverRows,
  type RiskWatch,
} from './repository';
import { availableNeeded, cushionOf, mustLiquidate, riskFigures, riskLevels, riskRate, type RiskFigures } from './risk';
import { dayText, firstDayAfter, MIN_LEVER_FEE_PERCENT, overnightDueAt, type LeverGlobalSettings, type LeverPairSettings } from './settings';
import {
  ceilDiv,
  closePrice,
  contractValue,
  feeOfValue,
  marginOf,
  openPrice,
  overnightFeeOf,
  profitAt,
  unrealisedAt,
  type CloseReason,
  type LeverTrade,
  type MarkRecord,
  isStaleMark,
  markRecordOf,
} from './state';

/** The amount a refusal names is rounded up to 8 decimals: paying it is always enough. */
const DISPLAY_STEP = 10n ** 10n;
/** Take-profit and stop-loss step: 0.01. */
const STOP_STEP = UNIT / 100n;
/** Decimals of a pair's fee and overnight rate (percent), and of the liquidation rate, as stored. */
const RATE_DECIMALS = 6;
const LIQUIDATION_RATE_DECIMALS = 4;

/** What a reader sees of one user's standing in one quote currency. */
export interface LeverRiskView extends RiskFigures {
  legalId: number;
  /** percent; null without held positions */
  rate: Atoms | null;
  liquidationRate: Atoms;
  /** per pair with a net quantity: the mark at which, the other marks staying, the positions would be liquidated */
  liquidationMarks: { pairId: number; mark: Atoms }[];
}

/**
 * Leveraged trading's state: pending limit orders and held positions per user, each pair's lever
 * settings, and the risk levels armed for every user and quote currency. The platform is each
 * position's counterparty through the house account; the insurance account takes the part of a
 * loss a user cannot pay, so no balance goes below zero.
 */
export class LeverBook implements KindState<LeverCommand, LeverRows> {
  private readonly live = new Map<number, LeverTrade>();
  private readonly byUser = new Map<number, Set<number>>();
  private readonly watches = new Map<string, RiskWatch>();
  readonly pairs = new Map<number, LeverPairSettings>();
  global: LeverGlobalSettings = { liquidationRate: 110n * UNIT, overnightTime: '00:00', overnightFrom: new Date(0), overnightVersion: 0 };
  private lastTradeId = 0;
  private lastLiquidationId = 0;
  private lastChargedDay: number | null = null;
  private feeAccount = 0;
  private house = 0;
  private insurance = 0;
  private marks: (pairId: number) => MarkPrice | undefined = () => undefined;

  /** `spotPair`: the spot kind's pair, whose `enabled` (shown) and price precision lever orders follow. */
  constructor(private readonly spotPair: (pairId: number) => Readonly<SpotPair> | undefined) {}

  load(db: Queryable): Promise<LeverRows> {
    return loadLever(db);
  }

  reset(rows: LeverRows, context: LoadContext): void {
    this.live.clear();
    this.byUser.clear();
    this.watches.clear();
    this.pairs.clear();
    this.global = rows.global;
    for (const pair of rows.pairs) this.pairs.set(pair.pairId, pair);
    for (const trade of rows.live) this.keep(trade);
    for (const watch of rows.watches) this.watches.set(`${watch.userId}:${watch.legalId}`, watch);
    this.lastTradeId = rows.lastTradeId;
    this.lastLiquidationId = rows.lastLiquidationId;
    this.lastChargedDay = rows.lastChargedDay;
    this.feeAccount = context.feeAccount;
    this.house = rows.house;
    this.insurance = rows.insurance;
    this.marks = context.marks ?? (() => undefined);
  }

  apply(command: LeverCommand, context: CommandContext, now: Date): CommandResult {
    switch (command.kind) {
      case 'lever_open':
        return { applied: true, leverTradeId: this.open(command, context, now).id };
      case 'lever_fill':
        this.fill(command.tradeId, command.firing, context, now);
        return { applied: true, leverTradeId: command.tradeId };
      case 'lever_cancel':
        this.cancel(command.userId, command.tradeId, context, now);
        return { applied: true, leverTradeId: command.tradeId };
      case 'lever_close': {
        const trade = this.owned(command.userId, command.tradeId);
        if (trade.status !== 1) refuse('order already handled');
        this.close(trade, this.ownerCloseMark(trade.pairId, now), 'manual', context, now);
        this.watch(trade.userId, trade.legalId, context, now);
        return { applied: true, leverTradeId: command.tradeId };
      }
      case 'lever_batch_close':
        this.batchClose(command.userId, command.side, context, now);
        return { applied: true };
      case 'lever_setstop':
        this.setStop(command, context);
        return { applied: true, leverTradeId: command.tradeId };
      case 'lever_stop': {
        const trade = this.live.get(command.tradeId);
        if (!trade || trade.status !== 1 || trade.stopVersion !== command.version) refuse('order already handled');
        this.close(trade, markRecordOf(command.firing), command.which, context, now);
        this.watch(trade.userId, trade.legalId, context, now);
        return { applied: true, leverTradeId: trade.id };
      }
      case 'lever_risk': {
        const watch = this.watches.get(`${command.userId}:${command.legalId}`);
        if (!watch || watch.version !== command.version) refuse('order already handled');
        this.watch(command.userId, command.legalId, context, now, command.firing);
        return { applied: true };
      }
      case 'lever_overnight':
        this.chargeOvernight(command, context, now);
        return { applied: true };
      case 'lever_pair_settings':
        this.setPair(command, context);
        return { applied: true };
      case 'lever_global_settings':
        this.setGlobal(command, context, now);
        return { applied: true };
      case 'lever_transfer_out': {
        if (this.byUser.has(command.userId)) refuse('cannot transfer while leveraged trades are open');
        if (command.amount <= 0n) refuse('amount must be greater than zero');
        if (command.to === 'lever') refuse('cannot transfer to the same wallet');
        // the same entries as any transfer between wallets (the transfer history reads them)
        const side = { userId: command.userId, currencyId: command.currencyId, reason: 'transfer', reference: command.key };
        context.move({ ...side, wallet: 'lever', available: -command.amount });
        context.move({ ...side, wallet: command.to, available: command.amount });
        return { applied: true };
      }
    }
  }

  // ---- reading (copies) ----

  trade(id: number): LeverTrade | undefined {
    const trade = this.live.get(id);
    return trade && { ...trade };
  }

  liveOf(userId: number): LeverTrade[] {
    return [...(this.byUser.get(userId) ?? [])].flatMap((id) => {
      const trade = this.live.get(id);
      return trade ? [{ ...trade }] : [];
    });
  }

  /** The user's risk in one quote currency, at the current marks. */
  riskOf(userId: number, legalId: number, available: Atoms): LeverRiskView {
    const held = this.heldOf(userId, legalId);
    const markOf = (pairId: number) => this.marks(pairId)?.mark;
    const figures = riskFigures(available, held, markOf);
    const exact = (figures.equity * 100n * UNIT - this.global.liquidationRate * figures.margin) / (100n * UNIT);
    const liquidationMarks = riskLevels(held, exact, markOf).map((level) => {
      // one pair alone takes the whole cushion: the exact mark for that pair
      const others = riskLevels(held.filter((trade) => trade.pairId === level.pairId), exact, markOf)[0];
      return { pairId: level.pairId, mark: others?.level ?? level.level };
    });
    return { ...figures, legalId, rate: riskRate(figures), liquidationRate: this.global.liquidationRate, liquidationMarks };
  }

  // ---- commands ----

  private open(command: LeverOpenCommand, context: CommandContext, now: Date): LeverTrade {
    const pair = this.pairs.get(command.pairId);
    const spot = this.spotPair(command.pairId);
    // a hidden pair (is_display off) takes no new orders either
    if (!pair || !spot || !pair.enabled || !spot.enabled) refuse('pair missing or not enabled');
    if (!Number.isSafeInteger(command.hands) || command.hands <= 0) refuse('hands must be a positive integer');
    if (command.hands < pair.handsMin) refuseWith('lots below the minimum', String(pair.handsMin));
    if (pair.handsMax > 0 && command.hands > pair.handsMax) refuseWith('lots above the maximum', String(pair.handsMax));
    if (!pair.multiples.includes(command.multiple)) refuse('multiple out of range');
    const current = this.marks(pair.pairId);
    if (!current) refuse('no market price');
    // a stale index opens nothing: whoever knows where the market went would trade against the house at an old price
    if (isStaleMark(current, now)) refuse('the index price is unavailable now');
    const mine = this.liveOf(command.userId).filter((trade) => trade.pairId === pair.pairId);
    let basis = current.mark;
    if (command.mode === 'limit') {
      const target = command.targetPrice;
      if (target === undefined) refuse('enter price');
      if (target <= 0n || !hasAtMostDecimals(target, spot.pricePrecision)) refuse('limit price rules');
      // a limit long waits for the mark to fall to its price, a limit short for it to rise
      if (command.type === 1 ? target > current.mark : target < current.mark) refuse('limit price rules');
      if (mine.filter((trade) => trade.status === 0).length >= pair.maxPending) refuse('maximum pending orders exceeded');
      basis = target;
    } else if (mine.filter((trade) => trade.status === 1).length >= pair.maxPositions) {
      refuse('maximum positions exceeded');
    }
    const price = openPrice(command.type, basis, pair.spread);
    const value = contractValue(price, command.hands, pair.shareNum);
    const margin = marginOf(value, command.multiple);
    const fee = feeOfValue(value, pair.feeRate);
    if (margin <= 0n) refuse('no market price');
    const trade: LeverTrade = {
      id: this.lastTradeId + 1,
      userId: command.userId,
      pairId: pair.pairId,
      legalId: pair.legalId,
      currencyId: pair.currencyId,
      type: command.type,
      status: command.mode === 'limit' ? 0 : 1,
      multiple: command.multiple,
      hands: command.hands,
      shareNum: pair.shareNum,
      price,
      targetPrice: command.mode === 'limit' ? basis : null,
      spread: pair.spread,
      feeRate: pair.feeRate,
      margin,
      originMargin: margin,
      fee,
      overnight: 0n,
      takeProfit: null,
      stopLoss: null,
      stopVersion: 0,
      openMark: command.mode === 'limit' ? null : markRecordOf(current),
      closePrice: null,
      closeMark: null,
      closeReason: null,
      profits: null,
      uncovered: 0n,
      createdAt: now,
      openedAt: command.mode === 'limit' ? null : now,
      closedAt: null,
    };
    const owner = this.wallet(trade.userId, trade.legalId);
    const available = context.balance(owner).available;
    // a market position must not open at or below the liquidation rate
    const needed =
      command.mode === 'limit'
        ? margin + fee
        : availableNeeded(
            riskFigures(0n, [...this.heldOf(trade.userId, trade.legalId), trade], (pairId) => this.marks(pairId)?.mark),
            this.global.liquidationRate,
            margin + fee,
          );
    if (available < needed) refuseWith('insufficient balance, needed', formatAmount(ceilDiv(needed, DISPLAY_STEP) * DISPLAY_STEP));
    const reference = `lever:${trade.id}`;
    if (command.mode === 'limit') {
      context.move({ ...owner, available: -(margin + fee), locked: margin + fee, reason: 'lever_lock', reference });
    } else {
      context.move({ ...owner, available: -(margin + fee), locked: margin, reason: 'lever_margin', reference });
      this.collectFee(trade, fee, context, 'lever_fee');
    }
    this.lastTradeId = trade.id;
    this.keep(trade);
    context.stage(LEVER_TRADES, trade);
    if (trade.status === 0) context.addTrigger(this.fillTrigger(trade));
    else this.watch(trade.userId, trade.legalId, context, now);
    return trade;
  }

  private fill(tradeId: number, firing: TriggerFiring, context: CommandContext, now: Date): void {
    const trade = this.live.get(tradeId);
    if (!trade || trade.status !== 0) refuse('order already handled');
    // the locked fee goes to the fee account; the locked margin stays locked as the position's margin
    context.move({ ...this.wallet(trade.userId, trade.legalId), locked: -trade.fee, reason: 'lever_fee', reference: `lever:${trade.id}` });
    if (trade.fee > 0n) context.move({ userId: this.feeAccount, currencyId: trade.legalId, wallet: 'lever', available: trade.fee, reason: 'lever_fee', reference: `lever:${trade.id}` });
    const held: LeverTrade = { ...trade, status: 1, openMark: markRecordOf(firing), openedAt: now };
    this.keep(held);
    context.stage(LEVER_TRADES, held);
    this.watch(held.userId, held.legalId, context, now);
  }

  private cancel(userId: number, tradeId: number, context: CommandContext, now: Date): void {
    const trade = this.owned(userId, tradeId);
    if (trade.status !== 0) refuse('order already handled');
    const locked = trade.margin + trade.fee;
    context.move({ ...this.wallet(trade.userId, trade.legalId), available: locked, locked: -locked, reason: 'lever_unlock', reference: `lever:${trade.id}` });
    context.removeTrigger(this.fillTrigger(trade).key);
    const revoked: LeverTrade = { ...trade, status: 4, closedAt: now };
    this.drop(revoked);
    context.stage(LEVER_TRADES, revoked);
  }

  private batchClose(userId: number, side: 0 | 1 | 2, context: CommandContext, now: Date): void {
    const chosen = this.liveOf(userId).filter((trade) => trade.status === 1 && (side === 0 || trade.type === side));
    const legals = new Set<number>();
    for (const trade of chosen) {
      this.close(trade, this.ownerCloseMark(trade.pairId, now), 'batch', context, now);
      legals.add(trade.legalId);
    }
    for (const legalId of legals) this.watch(userId, legalId, context, now);
  }

  private setStop(command: LeverSetStopCommand, context: CommandContext): void {
    const trade = this.owned(command.userId, command.tradeId);
    if (trade.status !== 1) refuse('order already handled');
    const current = this.marks(trade.pairId);
    if (!current) refuse('no market price');
    const long = trade.type === 1;
    for (const [price, above] of [
      [command.takeProfit, long],
      [command.stopLoss, !long],
    ] as const) {
      if (price === null) continue;
      if (price <= 0n || price % STOP_STEP !== 0n) refuse('take-profit and stop-loss rules');
      // a long's take-profit sits above the current price and its stop-loss below; a short's the other way round
      if (above ? price <= current.mark : price >= current.mark) refuse('take-profit and stop-loss rules');
    }
    for (const trigger of this.stopTriggers(trade)) context.removeTrigger(trigger.key);
    const next: LeverTrade = { ...trade, takeProfit: command.takeProfit, stopLoss: command.stopLoss, stopVersion: trade.stopVersion + 1 };
    this.keep(next);
    context.stage(LEVER_TRADES, next);
    for (const trigger of this.stopTriggers(next)) context.addTrigger(trigger);
  }

  private chargeOvernight(command: LeverOvernightCommand, context: CommandContext, now: Date): void {
    if (command.version !== this.global.overnightVersion) refuse('order already handled');
    if (command.day !== this.nextOvernightDay()) refuse('order already handled');
    if (now.getTime() < overnightDueAt(command.day, this.global.overnightTime)) refuse('order already handled');
    const touched = new Set<string>();
    let positions = 0;
    for (const trade of [...this.live.values()]) {
      if (trade.status !== 1) continue;
      const pair = this.pairs.get(trade.pairId);
      const mark = this.markRecord(trade.pairId) ?? trade.openMark;
      if (!pair || !mark) continue;
      const amount = overnightFeeOf(trade, mark.mark, pair.overnightRate);
      const owner = this.wallet(trade.userId, trade.legalId);
      const available = context.balance(owner).available;
      const fromAvailable = amount < available ? amount : available;
      const rest = amount - fromAvailable;
      // what the wallet cannot pay comes out of the position's margin, never below zero
      const fromMargin = rest < trade.margin ? rest : trade.margin;
      const charged = fromAvailable + fromMargin;
      const reference = `lever:${trade.id}`;
      if (charged > 0n) {
        context.move({ ...owner, available: -fromAvailable, locked: -fromMargin, reason: 'lever_overnight', reference });
        context.move({ userId: this.feeAccount, currencyId: trade.legalId, wallet: 'lever', available: charged, reason: 'lever_overnight', reference });
      }
      const next: LeverTrade = { ...trade, overnight: trade.overnight + charged, margin: trade.margin - fromMargin };
      this.keep(next);
      context.stage(LEVER_TRADES, next);
      context.stage(LEVER_OVERNIGHT_CHARGES, {
        tradeId: trade.id,
        day: command.day,
        userId: trade.userId,
        rate: pair.overnightRate,
        mark: { ...mark },
        value: contractValue(mark.mark, trade.hands, trade.shareNum),
        amount: charged,
        fromAvailable,
        fromMargin,
        chargedAt: now,
      });
      touched.add(`${trade.userId}:${trade.legalId}`);
      positions += 1;
    }
    for (const group of touched) {
      const [userId, legalId] = group.split(':').map(Number) as [number, number];
      this.watch(userId, legalId, context, now);
    }
    this.lastChargedDay = command.day;
    context.stage(LEVER_OVERNIGHT_DAYS, { day: command.day, chargedAt: now, positions });
    context.addDeadline(this.overnightDeadline());
  }

  private setPair(command: LeverPairSettingsCommand, context: CommandContext): void {
    const pair = this.pairs.get(command.pairId);
    if (!pair) refuse('pair not found');
    const next: LeverPairSettings = { ...pair, ...command.changes };
    // at most the decimals their columns keep (numeric(10, 6)): a restart loads what memory holds
    if (!hasAtMostDecimals(next.feeRate, RATE_DECIMALS) || !hasAtMostDecimals(next.overnightRate, RATE_DECIMALS)) refuse('parameter error');
    // the mark may lean on the book across its band: a fee under the band's whole width would let
    // a position pushed from edge to edge pay for itself, so a pair open for leverage charges more
    if (next.enabled && next.feeRate < MIN_LEVER_FEE_PERCENT) refuse('lever fee below twice the mark band');
    this.pairs.set(next.pairId, next);
    context.stage(LEVER_PAIR_SETTINGS, next);
    context.stage(CURRENCY_PAIRS, { pairId: next.pairId, lever: { shareNum: next.shareNum, spread: next.spread, feeRate: next.feeRate, enabled: next.enabled } });
  }

  private setGlobal(command: LeverGlobalSettingsCommand, context: CommandContext, now: Date): void {
    // at most the decimals its column keeps (numeric(10, 4)): a restart loads what memory holds
    if (command.liquidationRate !== undefined && !hasAtMostDecimals(command.liquidationRate, LIQUIDATION_RATE_DECIMALS)) refuse('parameter error');
    const timeChanged = command.overnightTime !== undefined && command.overnightTime !== this.global.overnightTime;
    this.global = {
      ...this.global,
      liquidationRate: command.liquidationRate ?? this.global.liquidationRate,
      overnightTime: command.overnightTime ?? this.global.overnightTime,
      overnightVersion: this.global.overnightVersion + (timeChanged ? 1 : 0),
      // with no day charged yet, a new time counts from now: no day before the change is due
      overnightFrom: timeChanged && this.lastChargedDay === null ? now : this.global.overnightFrom,
    };
    context.stage(LEVER_GLOBAL_SETTINGS, { ...this.global });
    if (timeChanged) context.addDeadline(this.overnightDeadline());
    if (command.liquidationRate !== undefined) {
      for (const watch of [...this.watches.values()]) this.watch(watch.userId, watch.legalId, context, now);
    }
  }

  // ---- settlement ----

  /** Closes a held position at a mark: its margin comes back, then the profit is paid or the loss taken. */
  private close(trade: LeverTrade, mark: MarkRecord | undefined, reason: CloseReason, context: CommandContext, now: Date): void {
    const at = mark ?? trade.openMark;
    if (!at) refuse('no market price');
    const exit = closePrice(trade.type, at.mark, trade.spread);
    const profit = profitAt(trade, exit);
    const owner = this.wallet(trade.userId, trade.legalId);
    const house = this.wallet(this.house, trade.legalId);
    const insurance = this.wallet(this.insurance, trade.legalId);
    const reference = `lever:${trade.id}`;
    // the margin comes back and the profit or loss is settled in one movement of the owner's wallet
    const held = context.balance(owner).available + trade.margin;
    let uncovered = 0n;
    if (profit > 0n) {
      // the house pays a profit; when it falls short, the insurance fund pays the rest
      const fromHouse = this.least(profit, context.balance(house).available);
      const fromInsurance = profit - fromHouse;
      // the platform's accounts must be funded to pay profits (operations.md): until then the close waits
      if (fromInsurance > context.balance(insurance).available) refuse('please retry');
      if (fromHouse > 0n) context.move({ ...house, available: -fromHouse, reason: 'lever_profit', reference });
      if (fromInsurance > 0n) context.move({ ...insurance, available: -fromInsurance, reason: 'lever_profit', reference });
      context.move({ ...owner, available: trade.margin + profit, locked: -trade.margin, reason: 'lever_profit', reference });
    } else if (profit < 0n) {
      // a loss goes to the house from the wallet; what the wallet cannot pay, the insurance fund pays (as far as it can)
      const loss = -profit;
      const paid = this.least(loss, held);
      uncovered = loss - paid;
      const fromInsurance = this.least(uncovered, context.balance(insurance).available);
      context.move({ ...owner, available: trade.margin - paid, locked: -trade.margin, reason: 'lever_loss', reference });
      if (fromInsurance > 0n) context.move({ ...insurance, available: -fromInsurance, reason: 'lever_insurance', reference });
      if (paid + fromInsurance > 0n) context.move({ ...house, available: paid + fromInsurance, reason: 'lever_loss', reference });
    } else {
      context.move({ ...owner, available: trade.margin, locked: -trade.margin, reason: 'lever_close', reference });
    }
    for (const trigger of this.stopTriggers(trade)) context.removeTrigger(trigger.key);
    const closed: LeverTrade = {
      ...trade,
      status: 3,
      closePrice: exit,
      closeMark: { ...at },
      closeReason: reason,
      profits: profit,
      uncovered,
      closedAt: now,
    };
    this.drop(closed);
    context.stage(LEVER_TRADES, closed);
  }

  /**
   * Evaluates one user's risk in one quote currency at the current marks: at or below the
   * liquidation rate every held position there closes at the mark; otherwise the risk levels are
   * armed again for the new figures.
   */
  private watch(userId: number, legalId: number, context: CommandContext, now: Date, firing?: TriggerFiring): void {
    const id = `${userId}:${legalId}`;
    const previous = this.watches.get(id);
    const held = this.heldOf(userId, legalId);
    const markOf = (pairId: number) => (firing && firing.inputs.pairId === pairId ? firing.mark : this.marks(pairId)?.mark);
    const available = context.balance(this.wallet(userId, legalId)).available;
    const figures = riskFigures(available, held, markOf);
    const pairs = [...new Set(held.map((trade) => trade.pairId))];
    // nothing is liquidated at a stale mark: the levels stay armed and fire on the next fresh tick
    const fresh = pairs.every((pairId) => (firing && firing.inputs.pairId === pairId) || this.isFresh(pairId, now));
    if (held.length > 0 && fresh && mustLiquidate(figures, this.global.liquidationRate)) {
      this.lastLiquidationId += 1;
      const marks = pairs.map((pairId) => {
        const record = this.markRecordFor(pairId, firing);
        return {
          pairId,
          mark: formatAmount(record?.mark ?? markOf(pairId) ?? 0n),
          tickId: record?.tickId ?? null,
          index: record?.index == null ? null : formatAmount(record.index),
        };
      });
      context.stage(LEVER_LIQUIDATIONS, {
        id: this.lastLiquidationId,
        userId,
        legalId,
        available: figures.available,
        margin: figures.margin,
        unrealised: figures.unrealised,
        liquidationRate: this.global.liquidationRate,
        marks,
        tradeIds: held.map((trade) => trade.id),
        at: now,
      });
      for (const trade of held) this.close(trade, this.markRecordFor(trade.pairId, firing), 'liquidation', context, now);
      this.arm(id, userId, legalId, previous, [], context);
      return;
    }
    let levels = held.length === 0 ? [] : riskLevels(held, cushionOf(figures, this.global.liquidationRate, held.length), markOf);
    if (!fresh && held.length > 0 && mustLiquidate(figures, this.global.liquidationRate)) {
      // due, but the marks are stale: watch at the marks themselves, so the first fresh tick fires the liquidation
      levels = riskLevels(held, 0n, markOf).map((level) => ({ ...level, level: level.direction === 'fall' ? level.level + 1n : level.level - 1n }));
    }
    if (previous === undefined && levels.length === 0) return;
    this.arm(id, userId, legalId, previous, levels, context);
  }

  private arm(id: string, userId: number, legalId: number, previous: RiskWatch | undefined, levels: RiskWatch['levels'], context: CommandContext): void {
    if (previous) for (const trigger of this.riskTriggers(previous)) context.removeTrigger(trigger.key);
    const next: RiskWatch = { userId, legalId, version: (previous?.version ?? 0) + 1, levels };
    this.watches.set(id, next);
    context.stage(LEVER_RISK_WATCH, next);
    for (const trigger of this.riskTriggers(next)) context.addTrigger(trigger);
  }

  // ---- triggers and deadlines ----

  triggers(): Iterable<PriceTrigger> {
    const all: PriceTrigger[] = [];
    for (const trade of this.live.values()) {
      if (trade.status === 0) all.push(this.fillTrigger(trade));
      else all.push(...this.stopTriggers(trade));
    }
    for (const watch of this.watches.values()) all.push(...this.riskTriggers(watch));
    return all;
  }

  deadlines(): Iterable<Deadline> {
    return [this.overnightDeadline()];
  }

  private fillTrigger(trade: LeverTrade): PriceTrigger {
    const key = `trigger:lever:fill:${trade.id}`;
    return {
      key,
      pairId: trade.pairId,
      direction: trade.type === 1 ? 'fall' : 'rise',
      level: trade.targetPrice ?? trade.price,
      fire: (firing) => ({ kind: 'lever_fill', key, tradeId: trade.id, firing }),
    };
  }

  private stopTriggers(trade: LeverTrade): PriceTrigger[] {
    const long = trade.type === 1;
    const triggers: PriceTrigger[] = [];
    const add = (which: 'take_profit' | 'stop_loss', level: Atoms | null, direction: 'rise' | 'fall') => {
      if (level === null) return;
      const key = `trigger:lever:${which}:${trade.id}:${trade.stopVersion}`;
      triggers.push({
        key,
        pairId: trade.pairId,
        direction,
        level,
        fire: (firing) => ({ kind: 'lever_stop', key, tradeId: trade.id, which, version: trade.stopVersion, firing }),
      });
    };
    add('take_profit', trade.takeProfit, long ? 'rise' : 'fall');
    add('stop_loss', trade.stopLoss, long ? 'fall' : 'rise');
    return triggers;
  }

  private riskTriggers(watch: RiskWatch): PriceTrigger[] {
    return watch.levels.map((level) => {
      const key = `trigger:lever:risk:${watch.userId}:${watch.legalId}:${level.pairId}:${watch.version}`;
      return {
        key,
        pairId: level.pairId,
        direction: level.direction,
        level: level.level,
        fire: (firing: TriggerFiring) => ({ kind: 'lever_risk' as const, key, userId: watch.userId, legalId: watch.legalId, version: watch.version, firing }),
      };
    });
  }

  private nextOvernightDay(): number {
    if (this.lastChargedDay !== null) return this.lastChargedDay + 1;
    return firstDayAfter(this.global.overnightFrom.getTime(), this.global.overnightTime);
  }

  private overnightDeadline(): Deadline {
    const day = this.nextOvernightDay();
    const version = this.global.overnightVersion;
    const key = `deadline:lever:overnight:${dayText(day)}:${version}`;
    return { key, dueAt: overnightDueAt(day, this.global.overnightTime), command: () => ({ kind: 'lever_overnight', key, day, version }) };
  }

  // ---- helpers ----

  private owned(userId: number, tradeId: number): LeverTrade {
    const trade = this.live.get(tradeId);
    // someone else's order answers as if it did not exist
    if (!trade || trade.userId !== userId) refuse('order already handled');
    return trade;
  }

  private heldOf(userId: number, legalId: number): LeverTrade[] {
    const held: LeverTrade[] = [];
    for (const id of this.byUser.get(userId) ?? []) {
      const trade = this.live.get(id);
      if (trade && trade.status === 1 && trade.legalId === legalId) held.push(trade);
    }
    return held;
  }

  private markRecord(pairId: number): MarkRecord | undefined {
    const mark = this.marks(pairId);
    return mark && markRecordOf(mark);
  }

  private markRecordFor(pairId: number, firing: TriggerFiring | undefined): MarkRecord | undefined {
    if (firing && firing.inputs.pairId === pairId) return markRecordOf(firing);
    return this.markRecord(pairId);
  }

  private isFresh(pairId: number, now: Date): boolean {
    const mark = this.marks(pairId);
    return mark !== undefined && !isStaleMark(mark, now);
  }

  /**
   * The mark an owner's close settles at. While the index is stale a close is refused rather than
   * settled at the last good mark: nobody can vouch for that price, and whoever knows where the
   * market went since would close against the house at it. The position loses nothing by waiting:
   * its triggers wait too, and it closes at the first fresh mark.
   */
  private ownerCloseMark(pairId: number, now: Date): MarkRecord {
    const mark = this.marks(pairId);
    if (!mark) refuse('no market price');
    if (isStaleMark(mark, now)) refuse('closing waits for the index price');
    return markRecordOf(mark);
  }

  private collectFee(trade: LeverTrade, fee: Atoms, context: CommandContext, reason: string): void {
    if (fee > 0n) context.move({ userId: this.feeAccount, currencyId: trade.legalId, wallet: 'lever', available: fee, reason, reference: `lever:${trade.id}` });
  }

  private wallet(userId: number, currencyId: number) {
    return { userId, currencyId, wallet: 'lever' as const };
  }

  private least(a: Atoms, b: Atoms): Atoms {
    const floor = b > 0n ? b : 0n;
    return a < floor ? a : floor;
  }

  private keep(trade: LeverTrade): void {
    this.live.set(trade.id, trade);
    let ids = this.byUser.get(trade.userId);
    if (!ids) this.byUser.set(trade.userId, (ids = new Set()));
    ids.add(trade.id);
  }

  private drop(trade: LeverTrade): void {
    this.live.delete(trade.id);
    const ids = this.byUser.get(trade.userId);
    ids?.delete(trade.id);
    if (ids?.size === 0) this.byUser.delete(trade.userId);
  }
}

export { unrealisedAt };
