import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { WALLETS } from '../../src/core/wallets';
import { operatorToken, registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { moneySnapshot, type MoneySnapshot } from '../support/database-snapshot';
import { nastyFields, nastyText, plausibleText, rawQuery, toForm, toJson, toPairs, type Value } from '../support/malformed-input';
import { openApiOperations, type Operation } from '../support/openapi';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';
import { ROUTE_ACCESS } from './route-access';

/**
 * Every operation of the OpenAPI document gets malformed, oversized and type-confused input, as
 * JSON, form-urlencoded, multipart and unknown content types, with and without a live session.
 * No reply may be a server fault, every API reply is a `{type, message}` envelope, and no balance
 * or ledger total moves. The run is seeded: a failure names the seed that replays it
 * (`FUZZ_SEED=<seed>` replays the whole file).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20260611);
const RUNS_PER_OPERATION = 20;

/** Replies that are not envelopes by design. */
const NOT_ENVELOPES: Record<string, string> = {
  'GET /api/qrcode': 'answers a PNG image',
  'GET /qr_create': 'answers a PNG image (the old web client’s download-app QR)',
  'POST /api/dev/payment-gateway': 'the development payment gateway: an HTML page',
  'POST /api/dev/payment-gateway/pay': 'the development payment gateway: an HTML page',
};
/** A success that carries other fields than `message`, as its clients expect. */
const OTHER_SUCCESS_SHAPES: Record<string, string[]> = {
  'GET /api/currency/new_timeshar': ['code', 'data'],
};

type Encoding = 'json' | 'form' | 'multipart' | 'text' | 'unknown type' | 'broken json' | 'none';
type Caller = 'visitor' | 'user' | 'bogus' | 'operator';

interface FuzzRequest {
  caller: Caller;
  encoding: Encoding;
  fields: Value;
  params: string[];
  rawQuery: string | undefined;
  lang: string | undefined;
}

/** A path parameter: a malformed text, percent-encoded, or an escape no encoder writes (bad UTF-8, a bare %). */
const pathSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: nastyText.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'))) },
  { weight: 1, arbitrary: fc.constantFrom('%ED%A0%80', '%C0%AF', '%', '%zz', '..%2F..%2F', '%00') },
);

function seedOf(key: string): number {
  let hash = SEED;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function requestArbitrary(operation: Operation, callers: Caller[]): fc.Arbitrary<FuzzRequest> {
  const isRead = operation.method === 'GET';
  const names = isRead ? operation.queryFields : operation.bodyFields;
  return fc.record({
    // the session that reaches the handlers most often; the others check the guards
    caller: fc.constantFrom(...callers, 'user', 'user', ...(callers.includes('operator') ? (['operator', 'operator'] as const) : [])),
    encoding: isRead ? fc.constant<Encoding>('none') : fc.constantFrom<Encoding>('json', 'json', 'form', 'form', 'multipart', 'text', 'unknown type', 'broken json', 'none'),
    fields: nastyFields(names),
    params: fc.array(fc.oneof(pathSegment, plausibleText), { minLength: operation.pathParams.length, maxLength: operation.pathParams.length }),
    rawQuery: fc.option(rawQuery, { freq: 6, nil: undefined }),
    lang: fc.option(fc.constantFrom('en', 'zh', 'ara', 'xx', ''), { nil: undefined }),
  });
}

function bodyOf(encoding: Encoding, fields: Value): { contentType?: string; payload?: string } {
  switch (encoding) {
    case 'json':
      return { contentType: 'application/json', payload: toJson(fields) };
    case 'broken json':
      return { contentType: 'application/json', payload: toJson(fields).slice(0, -1) || '{' };
    case 'form':
      return { contentType: 'application/x-www-form-urlencoded', payload: toForm(fields) };
    case 'multipart':
      return { contentType: 'multipart/form-data; boundary=fuzz', payload: `--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${toJson(fields)}\r\n--fuzz` };
    case 'text':
      return { contentType: 'text/plain', payload: toJson(fields) };
    case 'unknown type':
      return { contentType: 'application/xml', payload: `<a>${toJson(fields)}</a>` };
    case 'none':
      return {};
  }
}

describeEachDatabase('fuzz over the OpenAPI document', (kind) => {
  let app: TestApp;
  let operations: Operation[];
  let tokens: { user: string; logout: string; operator: string; operatorLogout: string };
  let money: MoneySnapshot;

  beforeAll(async () => {
    app = await createTestApp(kind, { env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    const api = apiClient(app);
    const user = await registerUser(api, 'fuzz@example.com');
    await api.post('safe/set_pay_password', { password: '246802', repassword: '246802', login_password: 'secret123' }, { token: user.token });
    // money in every wallet, so that a request that wrongly moved some would show
    for (const wallet of WALLETS) {
      for (const [currencyId, amount] of [[3, '1000'], [1, '1']] as const) {
        await app.core.execute({ kind: 'adjust', key: `fuzz-${wallet}-${currencyId}`, userId: user.id, currencyId, wallet, amount: parseAmount(amount), reason: 'adjustment', reference: 'test' });
      }
    }
    tokens = {
      user: user.token,
      // logout ends the session it is called with: it gets a session of its own
      logout: await api.login('fuzz@example.com', 'secret123'),
      operator: await operatorToken(app),
      operatorLogout: await operatorToken(app),
    };
    operations = openApiOperations(app);
    money = await moneySnapshot(app.db);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('fuzzes every API route: each is an operation of the OpenAPI document', () => {
    const documented = new Set(operations.map((operation) => `${operation.method} ${operation.url}`));
    // the swagger UI's own files take no input but a file name, and are not API operations
    const apiRoutes = Object.keys(ROUTE_ACCESS).filter((key) => / \/(api|admin\/api)\//.test(key) && !key.includes('/api/docs'));
    const registered = new Set(app.routes.map((route) => `${route.method} ${route.url}`));
    expect(apiRoutes.filter((key) => registered.has(key) && !documented.has(key)), 'API routes missing from the OpenAPI document').toEqual([]);
    expect(operations.length).toBeGreaterThan(50);
  });

  it('answers malformed input on every operation without a server fault, in an envelope', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const key = `${operation.method} ${operation.url}`;
      const isOperatorApi = operation.url.startsWith('/admin/api/');
      const callers: Caller[] = isOperatorApi ? ['visitor', 'bogus', 'user', 'operator'] : ['visitor', 'bogus', 'user'];
      const tokenOf = (caller: Caller): string | undefined => {
        if (caller === 'visitor') return undefined;
        if (caller === 'bogus') return 'Bearer not-a-session';
        if (caller === 'operator') return `Bearer ${key === 'POST /admin/api/logout' ? tokens.operatorLogout : tokens.operator}`;
        return key === 'POST /api/user/logout' ? tokens.logout : tokens.user;
      };
      const seed = seedOf(key);
      try {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(operation, callers), async (request) => {
            let path = operation.url;
            operation.pathParams.forEach((name, index) => {
              path = path.replace(`:${name}`, request.params[index] ?? '');
            });
            const query = operation.method === 'GET' ? new URLSearchParams(toPairs(request.fields)).toString() : '';
            const search = [query, request.rawQuery].filter(Boolean).join('&');
            const { contentType, payload } = bodyOf(request.encoding, request.fields);
            const token = tokenOf(request.caller);
            const response = await app.http.inject({
              method: operation.method as 'GET',
              url: search ? `${path}?${search}` : path,
              headers: {
                ...(token ? { authorization: token } : {}),
                ...(contentType ? { 'content-type': contentType } : {}),
                ...(request.lang === undefined ? {} : { lang: request.lang }),
              },
              ...(payload === undefined ? {} : { payload }),
            });
            const said = `${response.statusCode} ${response.body.slice(0, 200)}`;
            expect(response.statusCode, said).toBeLessThan(500);
            const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
            if (isOperatorApi) {
              expect(isJson, said).toBe(true);
              return;
            }
            if (response.statusCode === 200 && key in NOT_ENVELOPES && !isJson) return;
            expect(isJson, said).toBe(true);
            const body = response.json<Record<string, unknown>>();
            expect(['ok', 'error', '999', '998', '997'], said).toContain(body.type);
            const fields = body.type === 'ok' && OTHER_SUCCESS_SHAPES[key] ? OTHER_SUCCESS_SHAPES[key] : ['message'];
            for (const field of fields) expect(body, said).toHaveProperty(field);
          }),
          { seed, numRuns: RUNS_PER_OPERATION },
        );
      } catch (error) {
        const cause = (error as Error).cause;
        const message = `${(error as Error).message}${cause instanceof Error ? `\nCause: ${cause.message}` : ''}`;
        const shown = message.length > 2_000 ? `${message.slice(0, 600)} … ${message.slice(-1_400)}` : message;
        failures.push(`${key} (seed ${seed}; FUZZ_SEED=${SEED} replays the file): ${shown}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('answers numbers past the database’s integer range in every field and path parameter without a server fault', async () => {
    // ids of integer columns end at 2147483647: one past it, a 14-digit number and 2^53 + 2, as text and as JSON numbers
    const outOfRange: Value[] = ['2147483648', '99999999999999', 2147483648, 99999999999999, Number.MAX_SAFE_INTEGER + 2];
    const faults: string[] = [];
    for (const operation of operations) {
      const key = `${operation.method} ${operation.url}`;
      const token = operation.url.startsWith('/admin/api/') ? `Bearer ${tokens.operator}` : tokens.user;
      if (key === 'POST /api/user/logout' || key === 'POST /admin/api/logout') continue; // would end the shared session; fuzzed above with their own
      const fields = operation.method === 'GET' ? operation.queryFields : operation.bodyFields;
      const cases: { params: string[]; fields: Record<string, Value> }[] = [
        ...operation.pathParams.flatMap((_name, index) =>
          outOfRange.map((value) => ({ params: operation.pathParams.map((_other, at) => (at === index ? String(value) : '1')), fields: {} })),
        ),
        ...fields.flatMap((field) => outOfRange.map((value) => ({ params: operation.pathParams.map(() => '1'), fields: { [field]: value } }))),
      ];
      for (const attempt of cases) {
        let path = operation.url;
        operation.pathParams.forEach((name, index) => {
          path = path.replace(`:${name}`, attempt.params[index] ?? '1');
        });
        const isRead = operation.method === 'GET';
        const query = isRead ? new URLSearchParams(toPairs(attempt.fields)).toString() : '';
        const response = await app.http.inject({
          method: operation.method as 'GET',
          url: query ? `${path}?${query}` : path,
          headers: { authorization: token, ...(isRead ? {} : { 'content-type': 'application/json' }) },
          ...(isRead ? {} : { payload: toJson(attempt.fields) }),
        });
        if (response.statusCode >= 500) faults.push(`${key} ${JSON.stringify(attempt)}: ${response.statusCode}`);
      }
    }
    expect(faults).toEqual([]);
  });

  it('moved no money: every balance row and every ledger total is as before', async () => {
    expect(await moneySnapshot(app.db)).toEqual(money);
    expect((await runAudit(app.db)).ok).toBe(true);
  });

  it('kept the fuzz user’s session alive, so the runs with a token reached the handlers', async () => {
    const reply = await apiClient(app).get('user/info', {}, { token: tokens.user });
    expect(reply.body.type).toBe('ok');
  });
});
