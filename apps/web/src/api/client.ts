import { actionAnswered, actionKey, DEFAULT_LANG, translateMessage, type Lang } from '@tessera/protocol';
import { localizeLockTime } from '../lib/messages';
import { apiUrl, formEncode, type Params } from '../lib/url';

/** The envelope of every reply, HTTP 200 with `{type, message}`; some calls add top-level fields (login). */
export interface Envelope<T = unknown> {
  type: string;
  message: T;
  [extra: string]: unknown;
}

export type ApiErrorKind = 'refusal' | 'session' | 'http' | 'network';

/**
 * A call that did not succeed. `key` is what the server said (a message key for refusals), `text`
 * the same rendered in the visitor's language through the apitip catalogue.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The reply `type` (`error`, `999`, `998`, `997`), or `''` for transport failures. */
  readonly type: string;
  readonly key: string;
  readonly text: string;
  readonly status: number;

  constructor(kind: ApiErrorKind, type: string, key: string, text: string, status = 200) {
    super(text || key);
    this.name = 'ApiError';
    this.kind = kind;
    this.type = type;
    this.key = key;
    this.text = text;
    this.status = status;
  }
}

export interface ApiConfig {
  /** The stored token, sent raw in `Authorization`. */
  getToken(): string | null;
  /** The language refusal keys are translated into. */
  getLang(): Lang;
  /** Called for every reply of type `999` with its message (the session has ended). */
  onNotLoggedIn(message: string): void;
}

let config: ApiConfig = {
  getToken: () => null,
  getLang: () => DEFAULT_LANG,
  onNotLoggedIn: () => undefined,
};

/** Wires the client to the session and the UI; called once at start-up. */
export function configureApi(next: ApiConfig): void {
  config = next;
}

/**
 * Translates a server message key (apitip) into the current language; unknown keys pass through.
 * The time of `account locked, <ISO time>` is shown in the viewer's time zone, Latin digits.
 */
export function apitip(message: string): string {
  return translateMessage(localizeLockTime(message), config.getLang());
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Do not end the session on a `999` reply (logout: the session is ending anyway). */
  quietSession?: boolean;
}

/**
 * Sends one call and returns its envelope whatever the reply `type`; a `999` reply also ends the
 * session (through `onNotLoggedIn`). Throws `ApiError` only for transport problems.
 */
export async function send<T>(
  method: 'GET' | 'POST',
  path: string,
  params: Params = {},
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  if (method === 'GET') return exchange<T>(method, path, apiUrl(path, params, Date.now()), undefined, {}, options);
  const body = formEncode(params);
  // one key per user action: a double click or a retry of a lost call applies once
  const signature = `${path}?${body}`;
  const key = actionKey(signature);
  const reply = await exchange<T>(method, path, apiUrl(path, {}, Date.now()), body, {
    'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
    'Idempotency-Key': key,
  }, options);
  // "please retry" may follow a write whose outcome is unknown: its retry keeps the key
  if (!(reply.type === 'error' && reply.message === 'please retry')) actionAnswered(signature, key);
  return reply;
}

/**
 * Sends one file as `multipart/form-data` (field `file`, one file per request) and resolves with
 * the reply `message` on `ok`, like `call`.
 */
export async function upload<T>(path: string, file: Blob, fileName: string, options: RequestOptions = {}): Promise<T> {
  const body = new FormData();
  body.append('file', file, fileName);
  // No Content-Type: the browser writes the multipart boundary itself.
  const reply = await exchange<T>('POST', path, apiUrl(path, {}, Date.now()), body, {}, options);
  if (reply.type === 'ok') return reply.message;
  throw refusalOf(reply);
}

async function exchange<T>(
  method: 'GET' | 'POST',
  path: string,
  url: string,
  body: BodyInit | undefined,
  extraHeaders: Record<string, string>,
  options: RequestOptions,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const token = config.getToken();
  if (token) headers.Authorization = token;

  const init: RequestInit = { method, headers, credentials: 'same-origin', signal: options.signal ?? null };
  if (body !== undefined) init.body = body;

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    console.error(`[api] ${method} ${path} failed`, cause);
    throw new ApiError('network', '', 'network error', '', 0);
  }

  let reply: unknown;
  try {
    reply = await response.json();
  } catch (cause) {
    console.error(`[api] ${method} ${path}: unreadable reply (HTTP ${response.status})`, cause);
    throw new ApiError('http', '', `HTTP ${response.status}`, '', response.status);
  }

  if (!isEnvelope(reply)) {
    console.error(`[api] ${method} ${path}: reply without an envelope (HTTP ${response.status})`);
    throw new ApiError('http', '', `HTTP ${response.status}`, '', response.status);
  }
  reply.type = String(reply.type);
  if (!response.ok) {
    // Transport refusals (rate limit, payload too large, server fault) still carry a message key.
    const key = typeof reply.message === 'string' ? reply.message : `HTTP ${response.status}`;
    console.error(`[api] ${method} ${path}: HTTP ${response.status} ${key}`);
    throw new ApiError('http', reply.type, key, apitip(key), response.status);
  }
  if (reply.type === '999' && !options.quietSession) {
    config.onNotLoggedIn(typeof reply.message === 'string' ? reply.message : '');
  }
  return reply as Envelope<T>;
}

/** Sends one call and resolves with its `message` on `ok`; any other reply rejects with `ApiError`. */
export async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  params: Params = {},
  options: RequestOptions = {},
): Promise<T> {
  const reply = await send<T>(method, path, params, options);
  if (reply.type === 'ok') return reply.message;
  throw refusalOf(reply);
}

/** The `ApiError` for a reply that is not `ok`. */
export function refusalOf(reply: Envelope): ApiError {
  const key = typeof reply.message === 'string' ? reply.message : String(reply.type);
  const kind: ApiErrorKind = reply.type === '999' ? 'session' : 'refusal';
  return new ApiError(kind, reply.type, key, apitip(key));
}

function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null || !('type' in body)) return false;
  const type: unknown = body.type;
  return typeof type === 'string' || typeof type === 'number';
}
