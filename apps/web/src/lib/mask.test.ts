import { describe, expect, it } from 'vitest';
import { maskAccount } from './mask';

describe('maskAccount', () => {
  it('keeps the first 3 and last 4 digits of an 11-digit phone number', () => {
    expect(maskAccount('13812345678')).toBe('138****5678');
  });

  it('masks the local part of an e-mail and keeps the domain', () => {
    expect(maskAccount('alice.smith@example.com')).toBe('ali****@example.com');
    expect(maskAccount('demo@tessera.exchange')).toBe('dem****@tessera.exchange');
  });

  it('keeps a short local part whole but still hides its length', () => {
    expect(maskAccount('ab@x.io')).toBe('ab****@x.io');
  });

  it('masks other long identifiers like a phone number and leaves short ones', () => {
    expect(maskAccount('447700900123')).toBe('447****0123');
    expect(maskAccount('guest')).toBe('guest');
  });

  it('ignores surrounding blanks', () => {
    expect(maskAccount(' 13812345678 ')).toBe('138****5678');
  });
});
