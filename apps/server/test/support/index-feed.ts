import { parseAmount } from '../../src/core/amount';
import type { IndexFeed } from '../../src/modules/index-prices/feed';

/**
 * Drives an app's index feed under a manual clock, as its timer would in real time: `set` pins a
 * pair's index (the development route's way), `hold` moves the clock on second by second with a
 * round of the feed each second, so the index stays fresh (its heartbeat) while time passes.
 */
export function indexDriver(feed: IndexFeed, advanceSeconds: (seconds: number) => void) {
  return {
    set: (pairId: number, price: string) => feed.pin(pairId, parseAmount(price)),
    async hold(seconds: number): Promise<void> {
      for (let second = 0; second < seconds; second += 1) {
        advanceSeconds(1);
        await feed.round();
      }
    },
  };
}
