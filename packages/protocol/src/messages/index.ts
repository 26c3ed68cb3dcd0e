import type { MessageKey } from './keys';
import { en } from './en';
import { zh } from './zh';
import { hk } from './hk';
import { kr } from './kr';
import { jp } from './jp';
import { spa } from './spa';
import { ara } from './ara';

export { MESSAGE_KEYS, type MessageKey } from './keys';

/** The seven languages of the product; `en` is the default. `ara` is written right to left. */
export const LANGS = ['en', 'zh', 'hk', 'kr', 'jp', 'spa', 'ara'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** Every key translated into every language: the compiler refuses a missing one. */
export const MESSAGE_CATALOGUE: Record<Lang, Record<MessageKey, string>> = { en, zh, hk, kr, jp, spa, ara };

const LOCKED_PREFIX = 'account locked,';

/**
 * Renders a reply message in a language. Keys found in the catalogue are translated; the one
 * parameterised message, `account locked, <time>`, keeps its time; anything else is shown as is
 * (that is what old clients do with unknown keys too).
 */
export function translateMessage(message: string, lang: Lang): string {
  if (message.startsWith(LOCKED_PREFIX)) {
    const time = message.slice(LOCKED_PREFIX.length).trim();
    return MESSAGE_CATALOGUE[lang]['account locked'].replace('{time}', time);
  }
  const table: Record<string, string> = MESSAGE_CATALOGUE[lang];
  const known = table[message];
  if (known !== undefined) return known;
  // `<key>: <figure>`: a refusal that names a figure (the minimum hands, the amount needed)
  const separator = message.lastIndexOf(': ');
  if (separator > 0) {
    const template = table[message.slice(0, separator)];
    if (template?.includes('{value}')) return template.replace('{value}', message.slice(separator + 2));
  }
  return message;
}

/** Keys whose refusal names a figure: sent as `<key>: <figure>`, translated with the figure in place. */
export const PARAMETER_MESSAGE_KEYS = ['lots below the minimum', 'lots above the maximum', 'insufficient balance, needed'] as const satisfies readonly MessageKey[];
export type ParameterMessageKey = (typeof PARAMETER_MESSAGE_KEYS)[number];

/** The refusal text of a key that names a figure. */
export function parameterMessage(key: ParameterMessageKey, value: string): `${ParameterMessageKey}: ${string}` {
  return `${key}: ${value}`;
}

/** The refusal sent when a login is refused because of a lock: clients match its prefix. */
export function accountLockedMessage(until: Date): string {
  return `${LOCKED_PREFIX} ${until.toISOString()}`;
}
