import { describe, expect, it } from 'vitest';
import { bestAsk, bestBid, bookView, cleanLevels, levelsFromEntries, levelsFromJson, spread } from './book';

describe('order book', () => {
  it('draws bars proportional to quantity ÷ the largest quantity shown on either side', () => {
    const view = bookView(
      [
        ['99', '2'],
        ['98', '4'],
      ],
      [
        ['101', '1'],
        ['102', '8'],
      ],
      10,
    );
    expect(view.asks.map((row) => row.ratio)).toEqual([0.125, 1]);
    expect(view.bids.map((row) => row.ratio)).toEqual([0.25, 0.5]);
    expect(view.asks[1]?.total).toBe('816.0000');
  });

  it('keeps only the levels asked for', () => {
    const bids = Array.from({ length: 15 }, (_, i) => [String(100 - i), '1'] as const);
    expect(bookView(bids, [], 10).bids).toHaveLength(10);
    expect(bookView([], [], 10)).toEqual({ bids: [], asks: [] });
  });

  it('reads levels from deal entries and from the JSON of a transaction push', () => {
    expect(levelsFromEntries([{ price: '1', number: '2' }])).toEqual([['1', '2']]);
    expect(levelsFromJson('[{"price":"1.5","number":"3"}]')).toEqual([['1.5', '3']]);
    expect(levelsFromJson('[["2","4"]]')).toEqual([['2', '4']]);
    expect(levelsFromJson('not json')).toEqual([]);
    expect(levelsFromJson('{}')).toEqual([]);
  });

  it('drops empty or unreadable levels and sorts best first', () => {
    expect(
      cleanLevels(
        [
          ['101', '1'],
          ['100', '0'],
          ['x', '1'],
          ['99', '2'],
        ],
        'asks',
      ),
    ).toEqual([
      ['99', '2'],
      ['101', '1'],
    ]);
    expect(cleanLevels([['1', '1'], ['3', '1'], ['2', '1']], 'bids').map((l) => l[0])).toEqual(['3', '2', '1']);
  });

  it('finds the best prices and the spread', () => {
    const bids = [['99.5', '1']] as const;
    const asks = [['100.25', '1']] as const;
    expect(bestBid(bids)).toBe('99.5');
    expect(bestAsk(asks)).toBe('100.25');
    expect(spread(bids, asks, 2)).toBe('0.75');
    expect(spread([], asks, 2)).toBeNull();
  });
});
