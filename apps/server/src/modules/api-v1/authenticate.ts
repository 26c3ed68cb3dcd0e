import { randomUUID } from 'node:crypto';
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import { ADMISSION_REFUSALS, type SignedAdmission } from '../../core/admissions/admission';
import { Refusal } from '../../core/refusal';
import type { Clock } from '../../lib/time';
import type { ApiScope } from '../api-keys/scopes';
import type { ApiKeyDirectory, KnownApiKey } from './api-key-directory';
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

  /**
   * The preValidation hook of the signed routes (the body is parsed then, as text). Callback-style:
   * a request whose key this process read lately and whose route the core admits (an order) is
   * checked without a promise to settle.
   */
  hook(): preValidationHookHandler {
    return (request, _reply, done) => {
      // read once: `routeOptions` builds a new object at every access
      const config = request.routeOptions.config;
      const scope = config.scope;
      if (scope === undefined) return done();
      const headers = request.headers;
      const [path = '', query = ''] = splitUrl(request.url);
      let checked: ApiKeyCaller | Promise<ApiKeyCaller>;
      try {
        checked = this.verify(
          { key: text(headers[SIGNED_HEADERS.key]) ?? '', timestamp: text(headers[SIGNED_HEADERS.timestamp]) ?? '', signature: text(headers[SIGNED_HEADERS.signature]) ?? '', recvWindow: text(headers[SIGNED_HEADERS.recvWindow]) },
          { method: request.method, path, query, body: request.rawBody ?? '' },
          request.ip,
          scope,
          config.admittedByCore === true ? 'core' : 'guard',
        );
      } catch (error) {
        return done(error as Error);
      }
      if (checked instanceof Promise) {
        checked.then(
          (caller) => {
            signedIn(request, caller);
            done();
          },
          (error: unknown) => done(error as Error),
        );
        return;
      }
      signedIn(request, checked);
      done();
    };
  }

  /**
   * `admitter`: who admits the request once its checks pass. The guard, by its own write, before
   * the route runs; or the core, with the route's one command: the caller then carries the
   * admission, and a replay is refused by the core (`core/admissions/`).
   */
  async verifySigned(proof: SignedProof, request: Omit<SignedParts, 'timestamp'>, ip: string, scope: ApiScope, admitter: 'guard' | 'core' = 'guard'): Promise<ApiKeyCaller> {
    return this.verify(proof, request, ip, scope, admitter);
  }

  /** `verifySigned`, answered at once (or thrown) when nothing has to be read or written first. */
  private verify(proof: SignedProof, request: Omit<SignedParts, 'timestamp'>, ip: string, scope: ApiScope, admitter: 'guard' | 'core'): ApiKeyCaller | Promise<ApiKeyCaller> {
    if (!proof.key || !proof.timestamp || !proof.signature) throw new SignedRefusal('api key required', 401);
    const cached = this.directory.cached(proof.key);
    if (cached === 'miss') return this.directory.lookup(proof.key).then((known) => this.check(known, proof, request, ip, scope, admitter));
    return this.check(cached, proof, request, ip, scope, admitter);
  }

  private check(
    known: KnownApiKey | undefined,
    proof: SignedProof,
    request: Omit<SignedParts, 'timestamp'>,
    ip: string,
    scope: ApiScope,
    admitter: 'guard' | 'core',
  ): ApiKeyCaller | Promise<ApiKeyCaller> {
    if (!known || known.ownerLocked) throw new SignedRefusal('invalid api key', 401);
    const now = this.clock();
    if (known.disablesAt !== null && known.disablesAt <= now && !known.disabled) {
      // the 90-day rule's time has come: written disabled, then refused below
      return this.directory.disable(proof.key, known).then(() => this.check(known, proof, request, ip, scope, admitter));
    }
    if (known.disabled) this.refuseUse(known, ip, now, 'api key disabled', 401);
    const window = proof.recvWindow === undefined || proof.recvWindow === '' ? DEFAULT_RECV_WINDOW_MS : Number(proof.recvWindow);
    if (!Number.isInteger(window) || window < 1 || window > MAX_RECV_WINDOW_MS || !TIMESTAMP_FORMAT.test(proof.timestamp)) this.refuseUse(known, ip, now, 'parameter error', 401);
    const sentAt = Number(proof.timestamp);
    if (Math.abs(now.getTime() - sentAt) > window) this.refuseUse(known, ip, now, 'timestamp outside the receive window', 401);
    if (known.allowList && !known.allowList.allows(ip)) this.refuseUse(known, ip, now, 'address not allowed for this api key', 403);
    const parts: SignedParts = { timestamp: proof.timestamp, method: request.method, path: request.path, query: request.query, body: request.body };
    if (!signatureMatches(known.hmacKey, parts, proof.signature)) this.refuseUse(known, ip, now, 'invalid signature', 401);
    if (!known.scopes.includes(scope)) this.refuseUse(known, ip, now, 'api key lacks the scope', 403);
    // kept past the longest window a request may name: any replay of it is still refused or stale
    const signature = proof.signature.toLowerCase();
    const expiresAt = sentAt + MAX_RECV_WINDOW_MS + 1000;
    if (admitter === 'core') {
      // counted in the key's uses once the core has answered (`coreAnswered`)
      return { keyId: known.id, userId: known.userId, scopes: known.scopes, admission: { keyId: known.id, signature, sentAt, expiresAt, attempt: randomUUID() } };
    }
    // the trade and withdraw scopes act only through the core, whose durable batch follows the admission
    const nonce = { signature, sentAt, expiresAt: new Date(expiresAt), effectsFollow: scope !== 'read' };
    return this.guard.admit({ keyId: known.id, ip, at: now, nonce }).then((admission) => {
      if (admission === 'key gone') {
        this.directory.forget(proof.key);
        throw new SignedRefusal('invalid api key', 401);
      }
      if (admission === 'replayed') throw new SignedRefusal('request replayed', 401);
      return { keyId: known.id, userId: known.userId, scopes: known.scopes };
    });
  }

  /**
   * Counts a request the core admitted or refused with its command in the key's uses, once the
   * route has the core's answer (`error`: what the route threw). An order the rules refused was
   * admitted all the same (its admission is recorded with the batch); a copy, a key gone, a request
   * too late, or no answer from the core ('please retry') was not.
   */
  coreAnswered(request: FastifyRequest, error?: unknown): void {
    const caller = request.apiKey;
    if (!caller?.admission) return;
    const admitted = error === undefined || (error instanceof Refusal && !ADMISSION_REFUSALS.has(error.key) && error.key !== 'please retry');
    this.guard.admittedElsewhere({ keyId: caller.keyId, ip: request.ip, at: this.clock() }, admitted);
  }

  /** Refuses a request signed with a known key, counting the refusal in the key's uses. */
  private refuseUse(known: KnownApiKey, ip: string, at: Date, key: ConstructorParameters<typeof Refusal>[0], status: 401 | 403): never {
    this.guard.refused({ keyId: known.id, ip, at });
    throw new SignedRefusal(key, status);
  }
}

const TIMESTAMP_FORMAT = /^\d{1,15}$/;

/** A header's value when it was sent once. */
function text(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function signedIn(request: FastifyRequest, caller: ApiKeyCaller): void {
  request.apiKey = caller;
  request.user = { id: caller.userId, isVistor: false };
}

/** `/api/v1/order?a=1` → `['/api/v1/order', 'a=1']`. */
function splitUrl(url: string): [string, string] {
  const mark = url.indexOf('?');
  return mark < 0 ? [url, ''] : [url.slice(0, mark), url.slice(mark + 1)];
}
