import { expect, it } from 'vitest';
import { Core } from '../../src/core/core';
import { CoreRepository } from '../../src/core/repository';
import { loadConfig } from '../../src/config';
import { DEMO_GRANT, DemoFunds } from '../../src/modules/demo/demo-funds';
import { UserRepository } from '../../src/modules/users/repository';
import { WalletRepository } from '../../src/modules/wallets/repository';
import { manualClock } from '../support/clock';
import { productionEnv } from '../support/production-env';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

interface Wallets {
  change_wallet: { balance: { currency: number; change_balance: string }[] };
  micro_wallet: { balance: { currency: number; micro_balance: string }[] };
}

describeEachDatabase('demo funds', (kind) => {
  const time = manualClock();
  const { app, api } = useTestApp(kind, { audit: true, clock: time.clock, env: { DEMO_FUNDS: 'on' } });

  it('lets a guest trade at once: 10,000 USDT in every wallet, transfers still refused', async () => {
    const guest = (await api.post<string>('user/login', { is_vistor: 1 })).body.message;
    const wallets = (await api.post<Wallets>('wallet/list', {}, { token: guest })).body.message;
    expect(wallets.change_wallet.balance.find((item) => item.currency === 3)?.change_balance).toBe('10000.00000000');
    expect(wallets.micro_wallet.balance.find((item) => item.currency === 3)?.micro_balance).toBe('10000.00000000');
    const order = await api.post('transaction/in', { legal_id: 3, currency_id: 1, price: '1000', num: '0.5', mode: 2 }, { token: guest });
    expect(order.body.type).toBe('ok');
    const transfer = await api.post('wallet/change', { number: '1', currency_id: 3, from_field: 'change', to_field: 'micro' }, { token: guest });
    expect(transfer.body.message).toBe('guest accounts cannot do this');
  });

  it('gives the demo accounts the same, as audited adjustments', async () => {
    const token = await api.login('demo@tessera.example', 'demo1234');
    const wallets = (await api.post<Wallets>('wallet/list', {}, { token })).body.message;
    expect(wallets.change_wallet.balance.find((item) => item.currency === 3)?.change_balance).toBe('10000.00000000');
    const entries = await app.db.query<{ n: number }>(`select count(*)::int as n from ledger_entries where reference = 'demo funds' and reason = 'adjustment'`);
    // the guest and three demo accounts, one grant per wallet
    expect(entries[0]?.n).toBe(4 * DEMO_GRANT.length);
  });

  it('tops the shared guest account up at a guest login when a wallet runs low, at most once a day', async () => {
    const login = async () => (await api.post<string>('user/login', { is_vistor: 1 })).body.message;
    const change = async (token: string) =>
      (await api.post<Wallets>('wallet/list', {}, { token })).body.message.change_wallet.balance.find((item) => item.currency === 3)?.change_balance;
    let guest = await login();
    // 9,050 of the guest's USDT go into a resting bid: 450 are left (the first test's bid holds 500)
    expect((await api.post('transaction/in', { legal_id: 3, currency_id: 1, price: '1000', num: '9.05', mode: 2 }, { token: guest })).body.type).toBe('ok');
    expect(await change(guest)).toBe('450.00000000');
    guest = await login();
    expect(await change(guest)).toBe('10000.00000000');
    // low again the same day: no second top-up
    expect((await api.post('transaction/in', { legal_id: 3, currency_id: 1, price: '1000', num: '9.5', mode: 2 }, { token: guest })).body.type).toBe('ok');
    guest = await login();
    expect(await change(guest)).toBe('500.00000000');
    // the next day (Asia/Shanghai) it is topped up again
    time.advanceMinutes(24 * 60);
    guest = await login();
    expect(await change(guest)).toBe('10000.00000000');
  });

  it('grants once per database, whatever the number of starts', async () => {
    const users = new UserRepository(app.db);
    const wallets = new WalletRepository(app.db);
    expect(await new DemoFunds(app.core, users, wallets, time.clock).grantOnce()).toBe(0);
    const restarted = new Core(new CoreRepository(app.db));
    await restarted.start();
    expect(await new DemoFunds(restarted, users, wallets, time.clock).grantOnce()).toBe(0);
    const entries = await app.db.query<{ n: number }>(`select count(*)::int as n from ledger_entries where reference = 'demo funds' and idempotency_key not like 'demo-funds:v1:top-up:%'`);
    expect(entries[0]?.n).toBe(4 * DEMO_GRANT.length);
  });
});

it('grants demo funds by default only in development with demo data', () => {
  expect(loadConfig({ NODE_ENV: 'development' }).DEMO_FUNDS).toBe(true);
  expect(loadConfig({ NODE_ENV: 'development', DEMO_DATA: 'off' }).DEMO_FUNDS).toBe(false);
  expect(loadConfig({ NODE_ENV: 'test' }).DEMO_FUNDS).toBe(false);
  expect(loadConfig(productionEnv()).DEMO_FUNDS).toBe(false);
  expect(loadConfig({ NODE_ENV: 'test', DEMO_FUNDS: 'on' }).DEMO_FUNDS).toBe(true);
});
