import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS } from '@tessera/protocol';

type Tree = { [key: string]: string | Tree };

function load(lang: string): Tree {
  const file = fileURLToPath(new URL(`./locales/${lang}.json`, import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale catalogues', () => {
  const english = flatten(load('en'));

  for (const lang of LANGS) {
    describe(lang, () => {
      const catalogue = flatten(load(lang));

      it('has exactly the keys of the English catalogue', () => {
        expect([...catalogue.keys()].sort()).toEqual([...english.keys()].sort());
      });

      it('has no empty text and keeps every placeholder', () => {
        for (const [key, text] of catalogue) {
          expect(text.trim(), key).not.toBe('');
          expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
        }
      });

      it('uses Latin digits only', () => {
        for (const [key, text] of catalogue) {
          expect(text, key).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/);
        }
      });

      if (lang !== 'en') {
        it('is really translated (most texts differ from English)', () => {
          let same = 0;
          for (const [key, text] of catalogue) if (text === english.get(key)) same += 1;
          expect(same / catalogue.size).toBeLessThan(0.1);
        });
      }
    });
  }
});
