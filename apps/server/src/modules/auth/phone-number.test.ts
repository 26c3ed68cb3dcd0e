import { describe, expect, it } from 'vitest';
import { diallingCodeOf, parsePhoneNumber } from './phone-number';

const LISTED = ['86', '852', '1', '44', '39', '7', '971'];
const e164 = (raw: string, code = '86') => parsePhoneNumber(raw, code, LISTED)?.e164;

describe('phone numbers in E.164', () => {
  it('puts the dialling code in front of a national number', () => {
    expect(parsePhoneNumber('13912345678', '86', LISTED)).toEqual({ countryCode: '86', national: '13912345678', e164: '+8613912345678' });
    expect(e164('2025550123', '1')).toBe('+12025550123');
    expect(e164('2025550123', '44')).toBe('+442025550123');
  });

  it('reads the same number typed with spaces, dashes, dots, brackets, 00 or + the same way', () => {
    for (const typed of ['+44 20 2555 0123', '+44-20-2555-0123', '0044 2025550123', '+44 (0)20 2555 0123', '+44 020 2555 0123']) {
      expect(e164(typed), typed).toBe('+442025550123');
    }
    for (const typed of ['020 2555 0123', '(020) 2555-0123', '20.2555.0123']) expect(e164(typed, '44'), typed).toBe('+442025550123');
  });

  it('takes the country code of a + number over the one sent with it', () => {
    expect(parsePhoneNumber('+1 202 555 0123', '86', LISTED)).toMatchObject({ countryCode: '1', e164: '+12025550123' });
    expect(parsePhoneNumber('+852 6123 4567', '86', LISTED)).toMatchObject({ countryCode: '852', national: '61234567' });
  });

  it('drops the trunk prefix by the country rule', () => {
    expect(e164('07700 900123', '44')).toBe('+447700900123');
    expect(e164('1 202 555 0123', '1')).toBe('+12025550123');
    expect(e164('8 912 345 6789', '7')).toBe('+79123456789');
    // Italy keeps its leading 0
    expect(e164('06 1234 5678', '39')).toBe('+390612345678');
  });

  it('keeps a + number of an unlisted country whole, without a country code', () => {
    expect(parsePhoneNumber('+999 1234 5678', '86', LISTED)).toEqual({ countryCode: '', national: '99912345678', e164: '+99912345678' });
  });

  it('refuses what is not a phone number', () => {
    for (const typed of ['', 'abc', '139-1234-567x', '+', '++8613912345678', '123', '+0 2025550123', '+86 1391234567890123']) {
      expect(e164(typed), typed).toBeUndefined();
    }
    // E.164 allows 15 digits in all
    expect(e164('1234567890123', '86')).toBe('+861234567890123');
    expect(e164('12345678901234', '86')).toBeUndefined();
  });

  it('reads dialling codes with or without + or 00', () => {
    expect(diallingCodeOf('+86')).toBe('86');
    expect(diallingCodeOf(' 0044 ')).toBe('44');
    expect(diallingCodeOf('1')).toBe('1');
    expect(diallingCodeOf('')).toBeUndefined();
    expect(diallingCodeOf('4444')).toBeUndefined();
    expect(diallingCodeOf('0')).toBeUndefined();
    expect(diallingCodeOf('x1')).toBeUndefined();
  });
});
