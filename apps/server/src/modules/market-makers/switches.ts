/**
 * Which pairs the market makers quote: operators switch them per pair (stored with the pair,
 * `currency_pairs.market_maker`); the running simulator reads this set at every step.
 */
export class MakerSwitches {
  private readonly paused = new Set<number>();

  isOn(pairId: number): boolean {
    return !this.paused.has(pairId);
  }

  set(pairId: number, on: boolean): void {
    if (on) this.paused.delete(pairId);
    else this.paused.add(pairId);
  }
}
