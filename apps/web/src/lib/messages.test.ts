import { describe, expect, it } from 'vitest';
import { translateMessage } from '@tessera/protocol';
import { formatDateTime } from './format';
import { localizeLockTime } from './messages';

describe('localizeLockTime', () => {
  it('rewrites the ISO time of a lock in local time, rounded up to the minute', () => {
    const out = localizeLockTime('account locked, 2026-11-22T17:19:46.896Z');
    const expected = formatDateTime(new Date(Date.UTC(2026, 10, 22, 17, 20, 0)));
    expect(out).toBe(`account locked, \u2066${expected}\u2069`);
    expect(out).toMatch(/^account locked, \u2066\d{4}-\d{2}-\d{2} \d{2}:\d{2}\u2069$/);
  });

  it('keeps a time that is already on the minute', () => {
    const out = localizeLockTime('account locked, 2026-11-22T17:20:00.000Z');
    expect(out).toContain(formatDateTime(new Date(Date.UTC(2026, 10, 22, 17, 20))));
  });

  it('feeds translateMessage, which renders the localized sentence', () => {
    const zh = translateMessage(localizeLockTime('account locked, 2026-11-22T17:19:46.896Z'), 'zh');
    expect(zh.startsWith('账号已锁定')).toBe(true);
    expect(zh).not.toContain('T17:19');
    const en = translateMessage(localizeLockTime('account locked, 2026-11-22T17:19:46.896Z'), 'en');
    expect(en.startsWith("Account is locked, can't do this before")).toBe(true);
  });

  it('leaves other messages and unreadable times alone', () => {
    expect(localizeLockTime('wrong account or password')).toBe('wrong account or password');
    expect(localizeLockTime('account locked, someday')).toBe('account locked, someday');
    expect(localizeLockTime('account locked')).toBe('account locked');
  });
});
