import { UNIT } from '@tessera/protocol';
import { formatAmount, tryParseAmount, type Atoms } from '../../core/amount';
import { newCommandKey } from '../../core/command-key';
import type { Core } from '../../core/core';
import type { LeverPairSettingsCommand } from '../../core/lever/commands';
import { minutesOf, type LeverPairSettings } from '../../core/lever/settings';
import { refuse } from '../../core/refusal';
import type { OperatorRepository } from '../admin/repository';

export interface PairSettingsInput {
  enabled?: boolean;
  multiples?: number[];
  shares?: number[];
  hands_min?: number;
  hands_max?: number;
  share_num?: string;
  spread?: string;
  fee?: string;
  overnight_rate?: string;
  max_positions?: number;
  max_pending?: number;
}

export interface GlobalSettingsInput {
  liquidation_rate?: string;
  overnight_time?: string;
}

const present = (pair: LeverPairSettings) => ({
  pair_id: pair.pairId,
  symbol: pair.symbol,
  enabled: pair.enabled,
  multiples: pair.multiples,
  shares: pair.shares,
  hands_min: pair.handsMin,
  hands_max: pair.handsMax,
  share_num: formatAmount(pair.shareNum),
  spread: formatAmount(pair.spread),
  fee: formatAmount(pair.feeRate),
  overnight_rate: formatAmount(pair.overnightRate),
  max_positions: pair.maxPositions,
  max_pending: pair.maxPending,
});

/** The operator's lever settings: every change is a core command, written to the audit trail. */
export class LeverAdminService {
  constructor(
    private readonly core: Core,
    private readonly operators: OperatorRepository,
  ) {}

  settings() {
    return { ...this.global(), pairs: this.core.read.leverPairs().map(present) };
  }

  private global() {
    const global = this.core.read.leverGlobal();
    return { liquidation_rate: formatAmount(global.liquidationRate), overnight_time: global.overnightTime };
  }

  async setGlobal(operatorId: number, input: GlobalSettingsInput) {
    let liquidationRate: Atoms | undefined;
    if (input.liquidation_rate !== undefined) {
      liquidationRate = tryParseAmount(input.liquidation_rate);
      // a rate of 100 % or less would let losses run past the margin before closing
      if (liquidationRate === undefined || liquidationRate <= 100n * UNIT || liquidationRate > 10_000n * UNIT) refuse('parameter error');
    }
    if (input.overnight_time !== undefined && minutesOf(input.overnight_time) === undefined) refuse('parameter error');
    const before = this.global();
    await this.core.execute({
      kind: 'lever_global_settings',
      key: newCommandKey('lever-settings'),
      ...(liquidationRate === undefined ? {} : { liquidationRate }),
      ...(input.overnight_time === undefined ? {} : { overnightTime: input.overnight_time }),
    });
    await this.operators.log(operatorId, { action: 'lever.settings', target: 'system', before, after: this.global() });
    return this.settings();
  }

  async setPair(operatorId: number, pairId: number, input: PairSettingsInput) {
    const current = this.core.read.leverPair(pairId);
    if (!current) refuse('pair not found');
    const amount = (text: string | undefined, positive: boolean): Atoms | undefined => {
      if (text === undefined) return undefined;
      const atoms = tryParseAmount(text);
      if (atoms === undefined || atoms < 0n || (positive && atoms === 0n) || atoms > 1_000_000_000n * UNIT) refuse('parameter error');
      return atoms;
    };
    const changes: LeverPairSettingsCommand['changes'] = {};
    if (input.enabled !== undefined) changes.enabled = input.enabled;
    if (input.multiples !== undefined) changes.multiples = [...new Set(input.multiples)].sort((a, b) => a - b);
    if (input.shares !== undefined) changes.shares = [...new Set(input.shares)].sort((a, b) => a - b);
    if (input.hands_min !== undefined) changes.handsMin = input.hands_min;
    if (input.hands_max !== undefined) changes.handsMax = input.hands_max;
    const shareNum = amount(input.share_num, true);
    if (shareNum !== undefined) changes.shareNum = shareNum;
    const spread = amount(input.spread, false);
    if (spread !== undefined) changes.spread = spread;
    const fee = amount(input.fee, false);
    if (fee !== undefined) changes.feeRate = fee;
    const overnight = amount(input.overnight_rate, false);
    if (overnight !== undefined) changes.overnightRate = overnight;
    if (input.max_positions !== undefined) changes.maxPositions = input.max_positions;
    if (input.max_pending !== undefined) changes.maxPending = input.max_pending;
    const next = { ...current, ...changes };
    if (next.handsMax > 0 && next.handsMax < next.handsMin) refuse('parameter error');
    if (next.feeRate >= 100n * UNIT || next.overnightRate >= 100n * UNIT) refuse('parameter error');
    await this.core.execute({ kind: 'lever_pair_settings', key: newCommandKey('lever-pair'), pairId, changes });
    const updated = this.core.read.leverPair(pairId);
    const after = updated ? present(updated) : present(next);
    await this.operators.log(operatorId, { action: 'lever.pair_settings', target: `pair:${pairId}`, before: present(current), after });
    return after;
  }
}
