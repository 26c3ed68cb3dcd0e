import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestKeyScope, type RequestKeyScope } from '../../core/command-key';
import { Refusal } from '../../core/refusal';
import type { IdempotencyRepository } from './repository';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;

interface Keyed {
  caller: string;
  key: string;
}

const keyedRequests = new WeakMap<FastifyRequest, Keyed>();

/** Who sends the request: a logged-in user, an operator, or nobody (then a key is ignored). */
function callerOf(request: FastifyRequest): string | undefined {
  if (request.user) return `user:${request.user.id}`;
  if (request.operatorId !== undefined) return `operator:${request.operatorId}`;
  return undefined;
}

/** The same JSON for the same fields in any order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonical(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A reply to keep as the key's answer: a final one. In the envelope (HTTP 200): done, or refused by
 * a rule, never "please retry". Elsewhere (the operator API's statuses): a success, or a refusal
 * of the request itself (4xx), never a missing login or permission or a rate limit, nor a fault.
 */
function isFinal(statusCode: number, payload: string): boolean {
  let body: { type?: unknown; message?: unknown } | undefined;
  try {
    body = JSON.parse(payload) as { type?: unknown; message?: unknown };
  } catch {
    return false;
  }
  if (statusCode === 200 && typeof body?.type === 'string') return body.type === 'ok' || (body.type === 'error' && body.message !== 'please retry');
  if (statusCode >= 200 && statusCode < 300) return true;
  return statusCode >= 400 && statusCode < 500 && ![401, 403, 408, 429].includes(statusCode);
}

/**
 * `Idempotency-Key` on every call that changes something (POST, PUT, DELETE) of a known caller:
 * - the first request with a key runs; its first final reply is kept;
 * - the same key and caller within 24 hours answer that reply and run nothing;
 * - the same key with a different call or body is refused (`idempotency key reused`);
 * - a request whose first attempt died before its reply was kept (a crash, a lost connection)
 *   runs again, with the same core command keys (`requestKeyScope`): the core applies none of
 *   what the first attempt made durable.
 * Requests without the header behave as before. A key is 1-128 visible ASCII characters.
 */
export function installIdempotency(http: FastifyInstance, repository: IdempotencyRepository): void {
  http.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    const caller = callerOf(request);
    if (request.method === 'GET' || request.method === 'HEAD' || typeof header !== 'string' || caller === undefined) {
      done();
      return;
    }
    const key = header.trim();
    if (!KEY_PATTERN.test(key)) {
      done(new Refusal('parameter error'));
      return;
    }
    // the call: its route, the values of its path (whose record), and its body
    const requestHash = sha256(`${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}\n${canonical(request.params ?? {})}\n${canonical(request.body ?? {})}`);
    repository.claim(caller, key, requestHash).then(
      (row) => {
        if (row.requestHash !== requestHash) {
          done(new Refusal('idempotency key reused'));
          return;
        }
        if (row.reply !== null) {
          void reply.code(row.reply.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(row.reply.body);
          return;
        }
        keyedRequests.set(request, { caller, key });
        const scope: RequestKeyScope = { prefix: `idem:${caller}:${row.createdAt.getTime()}:${sha256(key).slice(0, 24)}`, issued: 0 };
        requestKeyScope.run(scope, () => done());
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });

  http.addHook('onSend', async (request, reply, payload) => {
    const keyed = keyedRequests.get(request);
    if (!keyed || typeof payload !== 'string' || !isFinal(reply.statusCode, payload)) return payload;
    // not kept (the database failing): a retry runs again, and the core applies nothing twice
    await repository.keepReply(keyed.caller, keyed.key, { status: reply.statusCode, body: payload }).catch((error: unknown) => request.log.error({ err: error }, 'idempotent reply not kept'));
    return payload;
  });
}
