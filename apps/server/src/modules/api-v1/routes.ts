import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  replySchema,
  v1Balance,
  v1BalancesQuery,
  v1Candle,
  v1CandlesQuery,
  v1CancelAllQuery,
  v1Depth,
  v1DepthQuery,
  v1Fill,
  v1Market,
  v1MyTradesQuery,
  v1OpenOrdersQuery,
  v1Order,
  v1OrderQuery,
  v1PlaceOrderBody,
  v1SymbolQuery,
  v1Ticker,
  v1Time,
  v1Trade,
  v1TradesQuery,
  v1TransferBody,
  v1WithdrawBody,
} from '@tessera/protocol';
import { z } from 'zod';
import type { Services } from '../../app/services';
import { currentUser } from '../../http/authenticate';
import type { SignedRequestChecker } from './authenticate';
import { installV1ErrorHandler } from './errors';

export interface V1Deps {
  services: Services;
  checker: SignedRequestChecker;
  requestsPerMinute: number;
  /** where the per-key counts live: every gateway's shared store, or (unset) this process's memory */
  limits?: { store?: FastifyRateLimitStoreCtor };
}

const SIGNED = 'Signed: `X-TSR-APIKEY`, `X-TSR-TIMESTAMP` (epoch ms), `X-TSR-SIGNATURE` (hex HMAC-SHA256, docs/api-v1.md), optional `X-TSR-RECV-WINDOW` (ms, default 5000, at most 60000).';
const ok = <T>(message: T) => ({ type: 'ok' as const, message });

/**
 * The signed API v1, beside the old one: its own plugin, so its JSON body is kept as text for the
 * signature, its errors carry HTTP statuses, and its rate limit counts per key (per address for the
 * public calls) with `X-RateLimit-*` and `Retry-After` headers.
 */
export const apiV1Routes: FastifyPluginAsyncZod<V1Deps> = async (app, { services, checker, requestsPerMinute, limits }) => {
  installV1ErrorHandler(app);
  // the body exactly as sent: the signature covers its bytes, not a re-serialisation
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = new Error('malformed JSON') as Error & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });
  app.addHook('preValidation', checker.hook());
  await app.register(rateLimit, {
    max: requestsPerMinute,
    timeWindow: '1 minute',
    // after the signature check: a key's budget is spent only by requests signed with it
    hook: 'preHandler',
    keyGenerator: (request) => (request.apiKey ? `key:${request.apiKey.keyId}` : `ip:${request.ip}`),
    ...limits,
  });
  const v1 = services.apiV1;
  const market = ['v1 market data'];
  const account = ['v1 account'];

  app.get('/time', { schema: { tags: market, summary: 'The server’s clock, for the signature timestamp', response: { 200: replySchema(v1Time) } } }, async () =>
    ok({ serverTime: Date.now() }),
  );
  app.get('/markets', { schema: { tags: market, summary: 'Every spot pair: precisions, steps, fees', response: { 200: replySchema(z.array(v1Market)) } } }, async () => ok(v1.markets()));
  app.get('/tickers', { schema: { tags: market, summary: 'The 24-hour figures and best prices of every pair', response: { 200: replySchema(z.array(v1Ticker)) } } }, async () => ok(v1.tickers()));
  app.get('/ticker', { schema: { tags: market, summary: 'One pair’s 24-hour figures and best prices', querystring: v1SymbolQuery, response: { 200: replySchema(v1Ticker) } } }, async (request) =>
    ok(v1.ticker(v1.pair(request.query.symbol))),
  );
  app.get(
    '/depth',
    { schema: { tags: market, summary: 'The order book snapshot with its sequence number (rebuild it exactly with the stream’s diffs after it)', querystring: v1DepthQuery, response: { 200: replySchema(v1Depth) } } },
    async (request) => ok(v1.depth(v1.pair(request.query.symbol), request.query.limit)),
  );
  app.get('/trades', { schema: { tags: market, summary: 'A pair’s newest trades, newest first', querystring: v1TradesQuery, response: { 200: replySchema(z.array(v1Trade)) } } }, async (request) =>
    ok(await v1.trades(v1.pair(request.query.symbol), request.query.limit ?? 100)),
  );
  app.get('/candles', { schema: { tags: market, summary: 'Candles of a pair, oldest first', querystring: v1CandlesQuery, response: { 200: replySchema(z.array(v1Candle)) } } }, async (request) =>
    ok(await v1.candles(v1.pair(request.query.symbol), request.query.interval, request.query.limit ?? 100, request.query.since)),
  );

  const signed = <Schema extends object>(scope: 'read' | 'trade' | 'withdraw', schema: Schema, admittedByCore = false) => ({
    config: { scope, admittedByCore },
    schema: { tags: account, description: `${SIGNED} Scope: ${scope}.`, ...schema },
  });

  app.get('/balances', signed('read', { summary: 'The key owner’s balances in the four wallets', querystring: v1BalancesQuery, response: { 200: replySchema(z.array(v1Balance)) } }), async (request) =>
    ok(await v1.balances(currentUser(request).id, request.query.wallet)),
  );
  // one core command: it carries the request's admission, recorded in the order's own batch
  app.post(
    '/order',
    {
      ...signed('trade', { summary: 'Place an order (limit, market, stop-limit; time in force, post-only, self-trade mode, client order id)', body: v1PlaceOrderBody, response: { 200: replySchema(v1Order) } }, true),
      // a bot's hottest call: its reply (`OrderView`, typed as the schema) is written as it is, not
      // checked against the schema again for every order; the schema still documents it
      serializerCompiler: () => (data: unknown) => JSON.stringify(data),
      // a body the schema refuses reaches the handler, to be counted in the key's uses as refused
      attachValidation: true,
    },
    async (request) => {
      if (request.validationError) {
        checker.coreAnswered(request, request.validationError);
        throw request.validationError;
      }
      try {
        const placed = await v1.placeOrder(currentUser(request).id, request.body, request.apiKey?.admission);
        checker.coreAnswered(request);
        return ok(placed);
      } catch (error) {
        checker.coreAnswered(request, error);
        throw error;
      }
    },
  );
  app.get('/order', signed('read', { summary: 'One order, by orderId or clientOrderId', querystring: v1OrderQuery, response: { 200: replySchema(v1Order) } }), async (request) =>
    ok(await v1.order(currentUser(request).id, request.query)),
  );
  app.delete('/order', signed('trade', { summary: 'Cancel one order, by orderId or clientOrderId', querystring: v1OrderQuery, response: { 200: replySchema(v1Order) } }), async (request) =>
    ok(await v1.cancel(currentUser(request).id, request.query)),
  );
  app.delete('/orders', signed('trade', { summary: 'Cancel every open order (of one pair when named); answers the ids cancelled', querystring: v1CancelAllQuery, response: { 200: replySchema(z.array(z.string())) } }), async (request) =>
    ok(await v1.cancelAll(currentUser(request).id, request.query.symbol)),
  );
  app.get('/open-orders', signed('read', { summary: 'Open orders (resting, or stops waiting), newest first', querystring: v1OpenOrdersQuery, response: { 200: replySchema(z.array(v1Order)) } }), async (request) =>
    ok(await v1.openOrders(currentUser(request).id, request.query.symbol, request.query.limit ?? 500)),
  );
  app.get('/my-trades', signed('read', { summary: 'The key owner’s fills: newest first, or from a trade id on, oldest first', querystring: v1MyTradesQuery, response: { 200: replySchema(z.array(v1Fill)) } }), async (request) =>
    ok(await v1.myTrades(currentUser(request).id, request.query.symbol, request.query.limit ?? 100, request.query.fromId)),
  );
  app.post('/transfer', signed('trade', { summary: 'Move funds between the key owner’s four wallets', body: v1TransferBody, response: { 200: replySchema(z.string()) } }), async (request) => {
    await v1.transfer(currentUser(request).id, request.body);
    return ok('operation ok');
  });
  app.post('/withdraw', signed('withdraw', { summary: 'Apply for a withdrawal (keys of the withdraw scope, which exist only with an IP allow-list)', body: v1WithdrawBody, response: { 200: replySchema(z.object({ withdrawalId: z.string() })) } }), async (request) =>
    ok(await v1.withdraw(currentUser(request).id, request.body)),
  );
};
