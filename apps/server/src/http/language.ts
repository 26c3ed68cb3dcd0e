import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANG, isLang, translateMessage, type Lang } from '@tessera/protocol';

/**
 * A `lang` header asks for reply messages in that language. Without it, messages stay
 * catalogue keys for the client to translate with `apitip`. Only strings are rendered: a token or
 * a data object passes untouched, and so does any message the catalogue does not know.
 * Two kinds stay verbatim because clients match them as text: `999` replies (`please log in`
 * decides which toast to show) and `account locked, <time>` (the client formats the time).
 */
export function installMessageLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    const lang = request.headers.lang;
    if (!isLang(lang) || !isEnvelopeWithText(payload)) return payload;
    if (payload.type === '999' || payload.message.startsWith('account locked,')) return payload;
    const rendered = translateMessage(payload.message, lang);
    return rendered === payload.message ? payload : { ...payload, message: rendered };
  });
}

function isEnvelopeWithText(payload: unknown): payload is { type: string; message: string } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { type?: unknown }).type === 'string' &&
    typeof (payload as { message?: unknown }).message === 'string'
  );
}

/** The language a request asks for with its `lang` header; English when it names none we know. */
export function requestLang(request: { headers: Record<string, unknown> }): Lang {
  const lang = request.headers.lang;
  return isLang(lang) ? lang : DEFAULT_LANG;
}
