import { randomUUID } from 'node:crypto';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { SignedAdmission } from '../../core/admissions/admission';
import { Refusal } from '../../core/refusal';
import type { Clock } from '../../lib/time';
import type { ApiScope } from '../api-keys/scopes';
import type { ApiKeyDirectory } from './api-key-directory';
import { DEFAULT_RECV_WINDOW_MS, MAX_RECV_WINDOW_MS, signatureMatches, SIGNED_HEADERS, type SignedParts } from './signature';
import type { SignedRequestGuard } from './signed-request-guard';

/** The key a signed request proved, on `request.apiKey`. */
export interface ApiKeyCaller {
  keyId: number;
  userId: number;
  scopes: readonly ApiScope[];
  /** on a route the core admits: what its command carries, for the core to record once */
  admission?: SignedAdmission;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyCaller;
    /** the body as it arrived, for the signature (signed API only) */
    rawBody?: string;
  }
  interface FastifyContextConfig {
    /** the scope a signed route needs; absent on public routes */
    scope?: ApiScope;
    /**
     * the route makes exactly one core command, which carries the request's admission: the core
     * records it in the command's batch and refuses a copy (no write of the guard's own)
     */
    admittedByCore?: boolean;
  }
}

/** A refusal of the signed API's checks, with its HTTP status: 401 who are you, 403 not allowed. */
export class SignedRefusal extends Refusal {
  constructor(
    key: ConstructorParameters<typeof Refusal>[0],
    readonly status: 401 | 403,
  ) {
    super(key);
  }
}

export interface SignedProof {
  key: string;
  timestamp: string;
  signature: string;
  recvWindow?: string | undefined;
}

/**
 * Checks a signed request: the headers, the receive window, the key (live, not disabled by the
 * 90-day rule, its owner not locked), the address against the key's allow-list, the signature
 * over timestamp, method, path, query and body, the scope; then admits it once (replays refused
 * in every process): by the guard's write, or, on a route whose one core command carries the
 * admission (placing an order), by the core in that command's batch. Refusals that name a key
 * count in its uses. The websocket's login checks its
 * proof the same way (`verifySigned`).
 */
export class SignedRequestChecker {
  constructor(
    private readonly directory: ApiKeyDirectory,
    private readonly guard: SignedRequestGuard,
    private readonly clock: Clock,
  ) {}

  /** The preValidation hook of the signed routes (the body is parsed then, as text). */
  hook(): preValidationAsyncHookHandler {
    return async (request: FastifyRequest) => {
      const scope = request.routeOptions.config.scope;
      if (scope === undefined) return;
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const [path = '', query = ''] = splitUrl(request.url);
      request.apiKey = await this.verifySigned(
        { key: header(SIGNED_HEADERS.key) ?? '', timestamp: header(SIGNED_HEADERS.timestamp) ?? '', signature: header(SIGNED_HEADERS.signature) ?? '', recvWindow: header(SIGNED_HEADERS.recvWindow) },
        { method: request.method, path, query, body: request.rawBody ?? '' },
        request.ip,
        scope,
        request.routeOptions.config.admittedByCore === true ? 'core' : 'guard',
      );
      request.user = { id: request.apiKey.userId, isVistor: false };
    };
  }

  /**
   * `admitter`: who admits the request once its checks pass. The guard, by its own write, before
   * the route runs; or the core, with the route's one command: the caller then carries the
   * admission, and a replay is refused by the core (`core/admissions/`).
   */
  async verifySigned(proof: SignedProof, request: Omit<SignedParts, 'timestamp'>, ip: string, scope: ApiScope, admitter: 'guard' | 'core' = 'guard'): Promise<ApiKeyCaller> {
    if (!proof.key || !proof.timestamp || !proof.signature) throw new SignedRefusal('api key required', 401);
    const known = await this.directory.lookup(proof.key);
    if (!known || known.ownerLocked) throw new SignedRefusal('invalid api key', 401);
    const now = this.clock();
    const refusedUse = (key: ConstructorParameters<typeof Refusal>[0], status: 401 | 403): never => {
      this.guard.refused({ keyId: known.id, ip, at: now });
      throw new SignedRefusal(key, status);
    };
    if (known.disablesAt !== null && known.disablesAt <= now && !known.disabled) await this.directory.disable(proof.key, known);
    if (known.disabled) refusedUse('api key disabled', 401);
    const window = proof.recvWindow === undefined || proof.recvWindow === '' ? DEFAULT_RECV_WINDOW_MS : Number(proof.recvWindow);
    if (!Number.isInteger(window) || window < 1 || window > MAX_RECV_WINDOW_MS || !/^\d{1,15}$/.test(proof.timestamp)) refusedUse('parameter error', 401);
    const sentAt = Number(proof.timestamp);
    if (Math.abs(now.getTime() - sentAt) > window) refusedUse('timestamp outside the receive window', 401);
    if (known.allowList && !known.allowList.allows(ip)) refusedUse('address not allowed for this api key', 403);
    if (!signatureMatches(known.secret, { ...request, timestamp: proof.timestamp }, proof.signature)) refusedUse('invalid signature', 401);
    if (!known.scopes.includes(scope)) refusedUse('api key lacks the scope', 403);
    // kept past the longest window a request may name: any replay of it is still refused or stale;
    // the trade and withdraw scopes act only through the core, whose durable batch follows the admission
    const nonce = { signature: proof.signature.toLowerCase(), expiresAt: new Date(sentAt + MAX_RECV_WINDOW_MS + 1000), effectsFollow: scope !== 'read' };
    if (admitter === 'core') {
      this.guard.admittedElsewhere({ keyId: known.id, ip, at: now });
      const admission = { keyId: known.id, signature: nonce.signature, expiresAt: nonce.expiresAt.getTime(), attempt: randomUUID() };
      return { keyId: known.id, userId: known.userId, scopes: known.scopes, admission };
    }
    const admission = await this.guard.admit({ keyId: known.id, ip, at: now, nonce });
    if (admission === 'key gone') {
      this.directory.forget(proof.key);
      throw new SignedRefusal('invalid api key', 401);
    }
    if (admission === 'replayed') throw new SignedRefusal('request replayed', 401);
    return { keyId: known.id, userId: known.userId, scopes: known.scopes };
  }
}

/** `/api/v1/order?a=1` → `['/api/v1/order', 'a=1']`. */
function splitUrl(url: string): [string, string] {
  const mark = url.indexOf('?');
  return mark < 0 ? [url, ''] : [url.slice(0, mark), url.slice(mark + 1)];
}
