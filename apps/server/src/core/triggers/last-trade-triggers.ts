import type { Atoms } from '../amount';
import type { CoreCommandBase } from '../kind';
import { TriggerIndex, type IndexedTrigger } from './trigger-index';

/** One trade as a pair's last-trade triggers see it. Trade ids grow with time across all pairs. */
export interface TradePrint {
  pairId: number;
  tradeId: number;
  price: Atoms;
}

/** What a last-trade trigger's firing records: the trade that reached its level. */
export interface LastTradeFiring {
  price: Atoms;
  tradeId: number;
  at: Date;
}

/**
 * Fires once when a trade of the pair prints at or beyond its level (`rise`: price ≥ level,
 * `fall`: price ≤ level). Unlike a `PriceTrigger`, it watches the pair's trades themselves, not
 * its mark: a stop order is the trader's own instruction about the tape, as every exchange reads
 * it. Only trades after `afterTradeId` count (those printed once it was armed). `key` is the fired
 * command's idempotency key.
 */
export interface LastTradeTrigger extends IndexedTrigger {
  pairId: number;
  afterTradeId: number;
  fire(firing: LastTradeFiring): CoreCommandBase;
}

export interface DueFiring {
  trigger: LastTradeTrigger;
  firing: LastTradeFiring;
}

/**
 * The core's last-trade triggers, one index per pair, kept apart from the mark triggers: a batch's
 * trades fire the armed triggers any of them reaches (not only the batch's last price: a spike
 * and its fall within one batch still fire a stop), in O(k) for k fired.
 */
export class LastTradeTriggers {
  private readonly indexes = new Map<number, TriggerIndex<LastTradeTrigger>>();

  clear(): void {
    this.indexes.clear();
  }

  add(trigger: LastTradeTrigger): void {
    let index = this.indexes.get(trigger.pairId);
    if (!index) this.indexes.set(trigger.pairId, (index = new TriggerIndex()));
    index.add(trigger);
  }

  remove(key: string): boolean {
    for (const index of this.indexes.values()) if (index.remove(key)) return true;
    return false;
  }

  get size(): number {
    let size = 0;
    for (const index of this.indexes.values()) size += index.size;
    return size;
  }

  /**
   * A durable batch's trades, in order, and the triggers the batch armed: armed triggers fire on
   * the first of those trades that reaches them; new ones on the first trade after their arming,
   * and wait in the index when none reached them.
   */
  evaluate(prints: readonly TradePrint[], armed: readonly LastTradeTrigger[], at: Date): DueFiring[] {
    const due: DueFiring[] = [];
    const byPair = new Map<number, TradePrint[]>();
    for (const print of prints) {
      let list = byPair.get(print.pairId);
      if (!list) byPair.set(print.pairId, (list = []));
      list.push(print);
    }
    for (const [pairId, list] of byPair) {
      const index = this.indexes.get(pairId);
      if (!index || index.size === 0) continue;
      let low = (list[0] as TradePrint).price;
      let high = low;
      for (const { price } of list) {
        if (price < low) low = price;
        if (price > high) high = price;
      }
      for (const trigger of index.crossedBetween(low, high)) {
        const print = firstReaching(list, trigger);
        if (print) due.push({ trigger, firing: { price: print.price, tradeId: print.tradeId, at } });
      }
    }
    for (const trigger of armed) {
      const print = firstReaching(byPair.get(trigger.pairId) ?? [], trigger);
      if (print) due.push({ trigger, firing: { price: print.price, tradeId: print.tradeId, at } });
      else this.add(trigger);
    }
    return due;
  }
}

function firstReaching(prints: readonly TradePrint[], trigger: LastTradeTrigger): TradePrint | undefined {
  return prints.find(
    (print) => print.tradeId > trigger.afterTradeId && (trigger.direction === 'rise' ? print.price >= trigger.level : print.price <= trigger.level),
  );
}
