import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANG, isLang, type Lang } from '@tessera/protocol';

/** The language to pick articles in: an explicit parameter, else the `lang` header, else English. */
export function contentLanguage(request: FastifyRequest, explicit?: string): Lang {
  if (isLang(explicit)) return explicit;
  const header = request.headers.lang;
  return isLang(header) ? header : DEFAULT_LANG;
}
