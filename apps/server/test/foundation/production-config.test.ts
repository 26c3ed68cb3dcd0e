import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { startBanner } from '../../src/app/banner';
import { loadConfig } from '../../src/config';
import { developmentDepositKeys } from '../../src/modules/deposits/chain';
import { productionEnv } from '../support/production-env';

const base58check = createBase58check(sha256);

/** The same key material under other version bytes and, optionally, another depth and parent. */
function reencode(key: string, version: number, labels?: { depth: number; fingerprint: number }): string {
  const bytes = Uint8Array.from(base58check.decode(key));
  const view = new DataView(bytes.buffer);
  view.setUint32(0, version, false);
  if (labels) {
    bytes[4] = labels.depth;
    view.setUint32(5, labels.fingerprint, false);
  }
  return base58check.encode(bytes);
}

const without = (name: string) => Object.fromEntries(Object.entries(productionEnv()).filter(([key]) => key !== name));

describe('production configuration', () => {
  it('starts with every required setting, and its conveniences default off', () => {
    const config = loadConfig(productionEnv());
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.DEMO_DATA).toBe(false);
    expect(config.DEMO_FUNDS).toBe(false);
    expect(config.MARKET_MAKERS).toBe(false);
    expect(config.API_DOCS).toBe(false);
    expect(config.TRUST_PROXY).toEqual({ kind: 'off' });
  });

  it('lets sockets in from no other site unless SOCKET_ORIGINS lists it, and refuses an origin that is not one', () => {
    expect(loadConfig(productionEnv()).SOCKET_ORIGINS).toEqual([]);
    expect(loadConfig({ ...productionEnv(), SOCKET_ORIGINS: 'https://app.example/, http://m.example:8443' }).SOCKET_ORIGINS).toEqual([
      'https://app.example',
      'http://m.example:8443',
    ]);
    expect(() => loadConfig({ ...productionEnv(), SOCKET_ORIGINS: 'app.example' })).toThrow(/SOCKET_ORIGINS/);
    expect(() => loadConfig({ ...productionEnv(), SOCKET_ORIGINS: 'ftp://app.example' })).toThrow(/SOCKET_ORIGINS/);
  });

  it('refuses a payment gateway without the addresses it signs (never taken from a request)', () => {
    const gateway = { PAYMENT_GATEWAY_URL: 'https://pay.example/gateway', PAYMENT_GATEWAY_KEY: 'k'.repeat(40) };
    expect(() => loadConfig({ ...productionEnv(), ...gateway })).toThrow(/PAYMENT_NOTIFY_URL/);
    expect(() => loadConfig({ ...productionEnv(), ...gateway, PAYMENT_NOTIFY_URL: 'https://x.example/api/payment/notify' })).toThrow(/PAYMENT_RETURN_URL/);
    expect(loadConfig({ ...productionEnv(), ...gateway, SITE_URL: 'https://tessera.example' }).PAYMENT_GATEWAY_URL).toBe('https://pay.example/gateway');
    expect(loadConfig({ ...productionEnv(), ...gateway, PAYMENT_NOTIFY_URL: 'https://x.example/n', PAYMENT_RETURN_URL: 'https://x.example/r' }).PAYMENT_RETURN_URL).toBe('https://x.example/r');
  });

  it('applies the operators’ password rule to ADMIN_PASSWORD, and refuses a key not drawn at random', () => {
    expect(() => loadConfig({ ...productionEnv(), ADMIN_PASSWORD: '1234567890' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ...productionEnv(), ADMIN_PASSWORD: 'aaaaaaaaaaaaaaaa' })).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ ...productionEnv(), ADMIN_PASSWORD: 'correct horse battery' }).ADMIN_PASSWORD).toBe('correct horse battery');
    expect(() => loadConfig({ ...productionEnv(), OPERATOR_SECRET_KEY: '0'.repeat(64) })).toThrow(/OPERATOR_SECRET_KEY/);
    expect(() => loadConfig({ ...productionEnv(), OPERATOR_SECRET_KEY: '0123456789abcdef'.repeat(4) })).toThrow(/OPERATOR_SECRET_KEY/);
    expect(() => loadConfig({ ...productionEnv(), OPERATOR_SECRET_KEY: 'deadbeef'.repeat(8) })).toThrow(/OPERATOR_SECRET_KEY/);
    expect(loadConfig({ ...productionEnv(), OPERATOR_SECRET_KEY: '3f9c2a7be1d84056c9a1f27e4b3d8c60a5e9172bd4c63f08e2b7a19d5c46e83f' }).OPERATOR_SECRET_KEY).toMatch(/^3f9c/);
  });

  it('refuses to start without a mail server', () => {
    expect(() => loadConfig(without('SMTP_URL'))).toThrow(/SMTP_URL/);
  });

  it('refuses phone sign-up without an SMS gateway, and starts with one', () => {
    expect(() => loadConfig(without('PHONE_SIGNUP'))).toThrow(/SMS_URL/);
    expect(() => loadConfig({ ...productionEnv(), PHONE_SIGNUP: 'on' })).toThrow(/SMS_URL/);
    const withGateway = loadConfig({ ...productionEnv(), PHONE_SIGNUP: 'on', SMS_URL: 'https://sms.example/send' });
    expect(withGateway.SMS_URL).toBe('https://sms.example/send');
    expect(() => loadConfig({ ...productionEnv(), SMS_URL: 'ftp://sms.example/send' })).toThrow(/SMS_URL/);
  });

  it('refuses demo data and demo funds', () => {
    expect(() => loadConfig({ ...productionEnv(), DEMO_DATA: 'on' })).toThrow(/DEMO_DATA/);
    expect(() => loadConfig({ ...productionEnv(), DEMO_FUNDS: 'on' })).toThrow(/DEMO_FUNDS/);
    expect(loadConfig({ ...productionEnv(), DEMO_DATA: 'off', DEMO_FUNDS: 'off' }).DEMO_DATA).toBe(false);
  });

  it('refuses market makers funded from nothing: they need operator-funded accounts', () => {
    expect(() => loadConfig({ ...productionEnv(), MARKET_MAKERS: 'on' })).toThrow(/MARKET_MAKER_ACCOUNTS/);
    const config = loadConfig({ ...productionEnv(), MARKET_MAKERS: 'on', MARKET_MAKER_ACCOUNTS: ' maker@example.com, taker@example.com ' });
    expect(config.MARKET_MAKERS).toBe(true);
    expect(config.MARKET_MAKER_ACCOUNTS).toEqual(['maker@example.com', 'taker@example.com']);
  });

  it('refuses the simulator as an index source, and an index of fewer than two sources; defaults to four exchanges', () => {
    expect(() => loadConfig({ ...productionEnv(), INDEX_SOURCES: 'binance,simulator' })).toThrow(/INDEX_SOURCES: the simulator/);
    expect(() => loadConfig({ ...productionEnv(), INDEX_SOURCES: 'binance;BTC/USDT=simulator' })).toThrow(/INDEX_SOURCES/);
    expect(() => loadConfig({ ...productionEnv(), INDEX_MIN_SOURCES: '1' })).toThrow(/INDEX_MIN_SOURCES/);
    expect(() => loadConfig({ ...productionEnv(), INDEX_SOURCES: 'binance,,BTC/USDT' })).toThrow(/INDEX_SOURCES/);
    const config = loadConfig(productionEnv());
    expect(config.INDEX_SOURCES).toBe('binance,okx,coinbase,kraken');
    expect(config.INDEX_MIN_SOURCES).toBe(2);
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ INDEX_SOURCES: 'simulator', INDEX_MIN_SOURCES: 1 });
  });

  it('lists every problem in one message', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'on', MARKET_MAKERS: 'on' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['ADMIN_PASSWORD', 'DEPOSIT_XPUB_BTC', 'DEMO_DATA', 'MARKET_MAKER_ACCOUNTS', 'SMTP_URL', 'SMS_URL']) {
      expect(message).toContain(name);
    }
  });

  it('refuses a development deposit key written in another encoding', () => {
    const keys = developmentDepositKeys();
    const XPUB = 0x0488b21e;
    const YPUB = 0x049d7cb2;
    const TPUB = 0x043587cf;
    const disguised = [
      reencode(keys.btc, XPUB),
      reencode(keys.btc, YPUB),
      reencode(keys.erc20, TPUB),
      reencode(keys.trc20, XPUB, { depth: 0, fingerprint: 0 }),
    ];
    for (const key of disguised) {
      // a string comparison would let each of these through
      expect(Object.values(keys)).not.toContain(key);
      expect(() => loadConfig({ ...productionEnv(), DEPOSIT_XPUB_BTC: key })).toThrow(/public mnemonic/);
    }
    // the same key material under the ETH and TRON names is refused too
    expect(() => loadConfig({ ...productionEnv(), DEPOSIT_XPUB_TRON: reencode(keys.btc, XPUB) })).toThrow(/public mnemonic/);
  });

  it('serves the API reference only when API_DOCS says so', () => {
    expect(loadConfig({ ...productionEnv(), API_DOCS: 'on' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'off' }).API_DOCS).toBe(false);
  });
});

describe('development configuration', () => {
  it('listens on loopback unless HOST says otherwise, and keeps demo data and makers on', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.DEMO_DATA).toBe(true);
    expect(config.MARKET_MAKERS).toBe(true);
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('says in its banner where it listens and that only this machine can connect', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    const banner = startBanner(config, 8080).join('\n');
    expect(banner).toContain('running at http://127.0.0.1:8080/');
    expect(banner).toMatch(/Listening on 127\.0\.0\.1 port 8080: loopback only/);
    const widened = startBanner(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }), 8080).join('\n');
    expect(widened).toMatch(/Listening on 0\.0\.0\.0 port 8080: every network interface, open to other machines/);
    expect(widened).toMatch(/Development routes .* answer this machine only/);
    expect(banner).toContain('/api/docs');
    expect(startBanner(loadConfig(productionEnv()), 8080).join('\n')).not.toContain('/api/docs');
  });
});

describe('TRUST_PROXY', () => {
  it('takes off, a hop count or the proxies’ addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY).toEqual({ kind: 'off' });
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 192.168.0.0/16,::1,loopback' }).TRUST_PROXY).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.2', '192.168.0.0/16', '::1', 'loopback'],
    });
  });

  it('refuses to trust everything, and names what to set instead', () => {
    for (const value of ['on', 'true', 'TRUE']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .*name the hop count .* or the proxies’ addresses/);
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: not an address or CIDR range: 10.0.0.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });
});
