import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { formatFixed } from '@tessera/protocol';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { openPglite } from '../../src/db/database';
import { call, startServerProcess } from '../support/server-process';

const BTC = 1;
const USDT = 3;

interface ReplyOf<T> {
  type: string;
  message: T;
}

const get = async <T,>(url: string, pathName: string, token?: string) =>
  (await (await fetch(`${url}/api/${pathName}`, { headers: token ? { authorization: token } : {} })).json()) as ReplyOf<T>;
const post = async <T,>(url: string, pathName: string, body: object) =>
  (await (await fetch(`${url}/api/${pathName}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as ReplyOf<T>;

/**
 * `npm start` on an empty data directory, as a real process (development: the simulator is the
 * index's source, demo accounts have funds): a second contract opens within 10 seconds of the
 * server answering. Then the development route moves BTC's index down 60 %: a 100× long is
 * liquidated, and the liquidation records the mark and the index tick it came from.
 */
it('a fresh install opens a second contract within 10 s of answering; the development route drives a liquidation by the index', { timeout: 600_000 }, async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-index-'));
  try {
    const server = await startServerProcess({ NODE_ENV: 'development', MARKET_MAKERS: 'on', DATA_DIR: dataDir });
    const answered = Date.now();
    let tradeId = 0;
    let liquidationMark = '';
    try {
      const token = (await call<string>(server.url, 'user/login', { user_string: 'demo@tessera.example', password: 'demo1234' })).message;
      const pair = (await get<{ id: number; quotation: { id: number; currency_id: number }[] }[]>(server.url, 'currency/quotation_new')).message
        .flatMap((group) => group.quotation)
        .find((item) => item.currency_id === BTC);
      const contract = await call(server.url, 'microtrade/submit', { match_id: pair?.id ?? 0, currency_id: USDT, type: 1, seconds: 30, number: '100' }, token);
      expect(contract).toMatchObject({ type: 'ok', message: 'contract placed' });
      expect(Date.now() - answered).toBeLessThan(10_000);
      const index = await get<{ index_price: string; stale: number }>(server.url, `currency/index_price?legal_id=${USDT}&currency_id=${BTC}`);
      expect(index.message.stale).toBe(0);

      // a 100× long on a lever wallet of 20 USDT (the demo's other 9,980 moved out: the whole
      // wallet is the position's cover), then the index 60 % lower through the development route
      const movedOut = await call(server.url, 'wallet/change', { currency_id: USDT, number: '9980', from_field: 'lever', to_field: 'change' }, token);
      expect(movedOut.type).toBe('ok');
      const opened = await call(server.url, 'lever/submit', { legal_id: USDT, currency_id: BTC, multiple: 100, share: 1, type: 1, status: 1 }, token);
      expect(opened.type).toBe('ok');
      tradeId = (opened as unknown as { id: number }).id;
      const crashed = formatFixed((parseAmount(index.message.index_price) * 4n) / 10n, 2);
      const pinned = await post<{ index_price: string; stale: number }>(server.url, 'dev/index', { symbol: 'BTC/USDT', price: crashed });
      expect(pinned.message).toMatchObject({ index_price: crashed, stale: 0 });
      await expect
        .poll(async () => (await call<{ message: { data: { id: number; close_reason: string }[] } }>(server.url, 'lever/my_trade', { status: 3, page: 1 }, token)).message.message.data.find((row) => row.id === tradeId)?.close_reason, {
          timeout: 30_000,
          interval: 250,
        })
        .toBe('liquidation');
      liquidationMark = crashed;
    } finally {
      await server.stop();
    }
    const db = await openPglite(path.join(dataDir, 'pglite'));
    try {
      const [liquidation] = await db.query<{ marks: { pairId: number; mark: string; tickId: number; index: string }[]; trade_ids: number[] }>(
        'select marks, trade_ids from lever_liquidations where trade_ids @> $1::jsonb',
        [JSON.stringify([tradeId])],
      );
      const [mark] = liquidation?.marks ?? [];
      expect(Number(mark?.index)).toBe(Number(liquidationMark));
      const [tick] = await db.query<{ value: string; mark: string; sources: { name: string; used: boolean }[] }>('select value::text, mark::text, sources from index_ticks where id = $1', [mark?.tickId]);
      expect(Number(tick?.value)).toBe(Number(liquidationMark));
      expect(parseAmount(tick?.mark ?? '0')).toBe(parseAmount(mark?.mark ?? '-1'));
      expect(tick?.sources).toEqual([expect.objectContaining({ name: 'dev', used: true })]);
      const audit = await runAudit(db);
      expect(audit.settlementMismatches).toEqual([]);
      expect(audit.ok).toBe(true);
    } finally {
      await db.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
