import type { FastifyRequest } from 'fastify';
import { isLang, type Lang } from '@tessera/protocol';

/** Who a request comes from, as login records and security messages name it. */
export interface RequestClient {
  ip: string;
  userAgent: string;
  /** a two-letter country code when a trusted proxy told it, else '' */
  place: string;
  /** the language to write to the user in */
  lang: Lang;
}

/** Browser language tags of the product's languages, by their first subtag (`zh` by its region). */
const LANG_OF_TAG: Record<string, Lang> = { en: 'en', zh: 'zh', ko: 'kr', ja: 'jp', es: 'spa', ar: 'ara' };
const TRADITIONAL_CHINESE = /^zh-(hk|tw|mo|hant)/;

/** The product language of an `Accept-Language` header: its first tag we write in, else undefined. */
export function langOfAcceptLanguage(header: string | undefined): Lang | undefined {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (TRADITIONAL_CHINESE.test(tag)) return 'hk';
    const lang = LANG_OF_TAG[tag.split('-')[0] ?? ''];
    if (lang) return lang;
  }
  return undefined;
}

/**
 * The request's client: its address (through TRUST_PROXY), user agent, language (the `lang` header
 * old clients send, else the browser's Accept-Language, else English) and place. The place is read
 * only from a request a trusted proxy forwarded (`request.ips` holds more than the peer), from the
 * country header a CDN adds (`CF-IPCountry`, `X-Country-Code`): anyone else could write it.
 */
export function requestClient(request: FastifyRequest): RequestClient {
  const header = request.headers.lang;
  const forwarded = (request.ips?.length ?? 0) > 1;
  const country = forwarded ? (request.headers['cf-ipcountry'] ?? request.headers['x-country-code']) : undefined;
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    place: typeof country === 'string' && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : '',
    lang: isLang(header) ? header : (langOfAcceptLanguage(request.headers['accept-language']) ?? 'en'),
  };
}
