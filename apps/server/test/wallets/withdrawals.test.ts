import { beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { Core } from '../../src/core/core';
import { CoreRepository } from '../../src/core/repository';
import { hashPassword } from '../../src/lib/password';
import { MAX_PAY_PASSWORD_TRIES } from '../../src/modules/users/pay-password-check';
import { UserRepository } from '../../src/modules/users/repository';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const BTC_ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const CHAIN_HASH = `0x${'9'.repeat(64)}`;

interface Info {
  name: string;
  change_balance?: string;
  micro_balance?: string;
  min_number: string;
  max_number: string;
  day_limit: string;
  day_used: string;
  rate: string;
  fee_mode: string;
  address: { id: number; address: string; active: number; notes: string }[];
}
interface WithdrawalRecord {
  id: number;
  number: string;
  fee: string;
  received: string;
  status: number;
  network: string;
  tx_hash: string;
}

describeEachDatabase('withdrawals', (kind) => {
  let user: { token: string; id: number };
  let operator: ReturnType<typeof operatorCall>;
  let feeAccount: number;
  const usdt = (wallet: 'change' | 'micro' = 'change', userId = user.id) => app.core.read.balance({ userId, currencyId: 3, wallet });
  const fund = (userId: number, amount: string, wallet: 'change' | 'micro' = 'change', currencyId = 3) =>
    app.core.execute({ kind: 'adjust', key: `fund:${userId}:${wallet}:${currencyId}:${amount}:${Math.random()}`, userId, currencyId, wallet, amount: parseAmount(amount), reason: 'deposit', reference: 'test' });
  const withdraw = (fields: Record<string, string | number>, token = user.token) =>
    api.post<string>('wallet/out', { currency: 3, number: '50', address: TRON_ADDRESS, pay_password: '123456', ...fields }, { token });
  const latest = async () => (await api.post<{ list: WithdrawalRecord[] }>('wallet/out_log', {}, { token: user.token })).body.message.list[0];

  const { app, api } = useTestApp(kind, { audit: true });
  beforeAll(async () => {
    user = await registerUser(api, 'withdrawer@example.com');
    await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: 'secret123' }, { token: user.token });
    await fund(user.id, '1000');
    operator = operatorCall(app, await operatorToken(app));
    const [row] = await app.db.query<{ id: number }>(`select id from users where kind = 'fee'`);
    feeAccount = row?.id ?? 0;
  });

  describe('saved addresses', () => {
    it('refuses an address that fails its network’s checks, has spaces, a bad memo, or is saved already', async () => {
      const add = async (fields: Record<string, string | number>) =>
        (await api.post('wallet/addaddress', { currency_id: 3, address: TRON_ADDRESS, active: '1', notes: 'cold', lang: 'en', ...fields }, { token: user.token })).body.message;
      expect(await add({ currency_id: '' })).toBe('parameter error');
      expect(await add({ currency_id: 30 })).toBe('this currency cannot be withdrawn');
      expect(await add({ address: '' })).toBe('enter address');
      expect(await add({ address: ` ${TRON_ADDRESS}` })).toBe('address must not contain spaces');
      expect(await add({ address: TRON_ADDRESS.slice(0, -1) + 'E' })).toBe('address wrong');
      expect(await add({ address: ETH_ADDRESS })).toBe('address wrong');
      expect(await add({ currency_id: 2, active: '', address: ETH_ADDRESS.replace('a', 'A') })).toBe('address wrong');
      expect(await add({ currency_id: 1, active: '', address: BTC_ADDRESS.replace('q', 'p') })).toBe('address wrong');
      expect(await add({ memo: 'has space' })).toBe('memo must be letters and digits');
      expect(await add({ memo: 'tag-1' })).toBe('memo must be letters and digits');
      expect((await api.post<unknown[]>('wallet/get_address', { currency: 3 }, { token: user.token })).body.message).toEqual([]);
      expect(await add({})).toBe('operation ok');
      expect(await add({})).toBe('address already bound');
      expect(await add({ active: '0', address: ETH_ADDRESS, memo: 'A1b2' })).toBe('operation ok');
      expect(await add({ currency_id: 1, active: '', address: BTC_ADDRESS })).toBe('operation ok');
    });

    it('lists own addresses with their network, and deletes only own ones', async () => {
      const saved = (await api.post<{ id: number; address: string; active: number; currency_name: string; memo: string }[]>('wallet/get_address', { currency: 3 }, { token: user.token })).body.message;
      expect(saved.map(({ address, active, memo }) => ({ address, active, memo }))).toEqual([
        { address: TRON_ADDRESS, active: 1, memo: '' },
        { address: ETH_ADDRESS, active: 0, memo: 'A1b2' },
      ]);
      const stranger = await registerUser(api, 'stranger@example.com');
      const ethId = saved[1]?.id ?? 0;
      expect((await api.post('wallet/deladdress', { address_id: ethId }, { token: stranger.token })).body.message).toBe('no permission to delete');
      expect((await api.post('wallet/deladdress', { address_id: 999999 }, { token: user.token })).body.message).toBe('data not found');
      expect((await api.post('wallet/deladdress', { address_id: ethId }, { token: user.token })).body.message).toBe('operation ok');
      expect((await api.post<unknown[]>('wallet/get_address', { currency: 3 }, { token: user.token })).body.message).toHaveLength(1);
    });
  });

  describe('applying', () => {
    it('shows limits, fee and saved addresses', async () => {
      const info = (await api.post<Info>('wallet/get_info', { currency: 3, lang: 'en' }, { token: user.token })).body.message;
      expect(info).toMatchObject({ name: 'USDT', change_balance: '1000.00000000', min_number: '10', max_number: '200000', day_limit: '500000', day_used: '0', rate: '1', fee_mode: 'flat' });
      expect(info.address.map((item) => item.active)).toEqual([1]);
      const micro = (await api.post<Info>('wallet/get_info', { currency: 3, type: 'micro' }, { token: user.token })).body.message;
      expect(micro).toMatchObject({ micro_balance: '0.00000000', rate: '1', fee_mode: 'percent' });
      expect((await api.post('wallet/get_info', { currency: 30 }, { token: user.token })).body.message).toBe('this currency cannot be withdrawn');
      // a currency the micro wallet does not hold: refused for type micro, as wallet/out refuses it
      await app.db.query('update currencies set is_micro = false where id = 1');
      try {
        expect((await api.post('wallet/get_info', { currency: 1, type: 'micro' }, { token: user.token })).body.message).toBe('this currency cannot be withdrawn');
        expect((await withdraw({ currency: 1, number: '1', address: BTC_ADDRESS, type: 'micro' })).body.message).toBe('this currency cannot be withdrawn');
        expect((await api.post('wallet/get_info', { currency: 1 }, { token: user.token })).body.type).toBe('ok');
      } finally {
        await app.db.query('update currencies set is_micro = true where id = 1');
      }
    });

    it('refuses every broken rule and freezes nothing', async () => {
      const before = usdt();
      const refusal = async (fields: Record<string, string | number>) => (await withdraw(fields)).body.message;
      expect(await refusal({ address: '' })).toBe('enter address');
      expect(await refusal({ number: '' })).toBe('enter amount');
      expect(await refusal({ number: 'abc' })).toBe('parameter error');
      expect(await refusal({ number: '5' })).toBe('minimum amount not met');
      expect(await refusal({ number: '200000.01' })).toBe('amount above maximum');
      expect(await refusal({ number: '10.1234567' })).toBe('parameter error');
      expect(await refusal({ address: 'T123' })).toBe('address wrong');
      expect(await refusal({ address: BTC_ADDRESS })).toBe('address wrong');
      expect(await refusal({ currency: 30 })).toBe('this currency cannot be withdrawn');
      expect(await refusal({ type: 'lever' })).toBe('parameter error');
      expect(await refusal({ pay_password: '' })).toBe('enter the payment password');
      expect(await refusal({ pay_password: '654321' })).toBe('wrong payment password');
      expect(await refusal({ number: '1000.5' })).toBe('insufficient balance');
      const fresh = await registerUser(api, 'no-fund-password@example.com');
      expect((await withdraw({}, fresh.token)).body.message).toBe('payment password not set');
      const guest = (await api.post<string>('user/login', { is_vistor: 1 })).body.message;
      expect((await withdraw({}, guest)).body.message).toBe('guest accounts cannot do this');
      await operator('PUT', '/settings/deposits', { open: false });
      try {
        expect(await refusal({})).toBe('deposit and withdrawal are not open');
      } finally {
        await operator('PUT', '/settings/deposits', { open: true });
      }
      expect(usdt()).toEqual(before);
    });

    it('freezes the amount; a rejection refunds exactly', async () => {
      expect((await withdraw({ number: '50' })).body).toEqual({ type: 'ok', message: 'withdrawal request submitted, awaiting review' });
      expect(usdt()).toEqual({ available: parseAmount('950'), locked: parseAmount('50') });
      const record = await latest();
      expect(record).toMatchObject({ number: '50.00000000', fee: '1.00000000', received: '49.00000000', status: 1, network: 'trc20' });
      const pending = (await operator('GET', '/withdrawals?status=applying')).body as { list: { id: number; user_id: number }[] };
      expect(pending.list.map((item) => item.id)).toContain(record?.id);
      const rejected = await operator('POST', `/withdrawals/${record?.id}/reject`, { reason: 'suspicious' });
      expect(rejected.body).toEqual({ applied: true, status: 'rejected' });
      expect((await operator('POST', `/withdrawals/${record?.id}/reject`, {})).body).toEqual({ applied: false, status: 'rejected' });
      expect((await operator('POST', `/withdrawals/${record?.id}/approve`, {})).status).toBe(409);
      expect((await operator('POST', '/withdrawals/999999/approve', {})).status).toBe(404);
      expect(usdt()).toEqual({ available: parseAmount('1000'), locked: 0n });
      expect((await latest())?.status).toBe(5);
    });

    it('an approved withdrawal leaves on chain success, the fee to the fee account; a chain failure refunds', async () => {
      const feeBefore = app.core.read.balance({ userId: feeAccount, currencyId: 3, wallet: 'change' }).available;
      await withdraw({ number: '100', address: ETH_ADDRESS, active: '0' });
      const sent = await latest();
      expect(sent?.network).toBe('erc20');
      expect((await operator('POST', `/withdrawals/${sent?.id}/chain-success`, { tx_hash: CHAIN_HASH })).status).toBe(409);
      expect((await operator('POST', `/withdrawals/${sent?.id}/approve`, {})).body).toEqual({ applied: true, status: 'approved' });
      expect((await operator('POST', `/withdrawals/${sent?.id}/chain-success`, { tx_hash: 'nope' })).status).toBe(400);
      expect((await operator('POST', `/withdrawals/${sent?.id}/chain-success`, { tx_hash: CHAIN_HASH })).body).toEqual({ applied: true, status: 'success' });
      expect(usdt()).toEqual({ available: parseAmount('900'), locked: 0n });
      expect(app.core.read.balance({ userId: feeAccount, currencyId: 3, wallet: 'change' }).available - feeBefore).toBe(parseAmount('1'));
      expect(await latest()).toMatchObject({ status: 3, tx_hash: CHAIN_HASH, received: '99.00000000' });

      await withdraw({ number: '20' });
      const failing = await latest();
      await operator('POST', `/withdrawals/${failing?.id}/approve`, {});
      expect((await operator('POST', `/withdrawals/${failing?.id}/chain-failure`, { reason: 'out of gas' })).body).toEqual({ applied: true, status: 'failed' });
      expect(usdt()).toEqual({ available: parseAmount('900'), locked: 0n });
      expect((await latest())?.status).toBe(4);
      const log = await api.post<{ list: { reason: string }[] }>('wallet/legal_log', { type: 2, currency: 3 }, { token: user.token });
      expect(log.body.message.list.slice(0, 2).map((entry) => entry.reason)).toEqual(['withdrawal_refund', 'withdrawal_freeze']);
    });

    it('takes a percent fee from the micro wallet', async () => {
      await fund(user.id, '300', 'micro');
      await withdraw({ number: '250', type: 'micro' });
      expect(await latest()).toMatchObject({ number: '250.00000000', fee: '2.50000000', received: '247.50000000' });
      expect(usdt('micro')).toEqual({ available: parseAmount('50'), locked: parseAmount('250') });
    });

    it('counts the daily limit across applications, and a refund frees it again', async () => {
      const limited = await registerUser(api, 'daily-limit@example.com');
      await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: 'secret123' }, { token: limited.token });
      await fund(limited.id, '120', 'change', 1);
      const btc = (number: string) => withdraw({ currency: 1, number, address: BTC_ADDRESS }, limited.token);
      expect((await btc('50')).body.type).toBe('ok');
      expect((await btc('50')).body.type).toBe('ok');
      expect((await btc('1')).body.message).toBe('daily limit reached');
      const info = (await api.post<Info>('wallet/get_info', { currency: 1 }, { token: limited.token })).body.message;
      expect(info.day_used).toBe('100');
      const list = (await api.post<{ list: WithdrawalRecord[] }>('wallet/out_log', { currency: 1 }, { token: limited.token })).body.message.list;
      await operator('POST', `/withdrawals/${list[0]?.id}/reject`, {});
      expect((await btc('1')).body.type).toBe('ok');
    });
  });

  describe('payment password guessing', () => {
    it('locks withdrawals after five wrong payment passwords, also when they arrive together', async () => {
      const guesser = await registerUser(api, 'guesser@example.com');
      await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: 'secret123' }, { token: guesser.token });
      await fund(guesser.id, '500');
      const tries = await Promise.all(Array.from({ length: 8 }, (_, index) => withdraw({ pay_password: String(100000 + index) }, guesser.token)));
      const answers = tries.map((reply) => reply.body.message).sort();
      expect(answers.filter((answer) => answer === 'wrong payment password')).toHaveLength(MAX_PAY_PASSWORD_TRIES - 1);
      expect(answers.filter((answer) => answer === 'too many wrong payment passwords')).toHaveLength(8 - (MAX_PAY_PASSWORD_TRIES - 1));
      // the right password waits too, and nothing is frozen
      expect((await withdraw({}, guesser.token)).body.message).toBe('too many wrong payment passwords');
      expect(usdt('change', guesser.id)).toEqual({ available: parseAmount('500'), locked: 0n });
      // an hour later the owner may withdraw again; a right password starts the count afresh
      await app.db.query(`update users set pay_password_locked_until = now() - interval '1 second' where id = $1`, [guesser.id]);
      expect((await withdraw({ pay_password: '000000' }, guesser.token)).body.message).toBe('wrong payment password');
      expect((await withdraw({}, guesser.token)).body.type).toBe('ok');
      const [row] = await app.db.query<{ pay_password_tries: number }>('select pay_password_tries from users where id = $1', [guesser.id]);
      expect(row?.pay_password_tries).toBe(0);
    });

    it('lifts the lock when the owner sets a new payment password', async () => {
      const owner = await registerUser(api, 'relocked@example.com');
      await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: 'secret123' }, { token: owner.token });
      for (let index = 0; index < MAX_PAY_PASSWORD_TRIES; index += 1) await withdraw({ pay_password: '999999' }, owner.token);
      expect((await withdraw({}, owner.token)).body.message).toBe('too many wrong payment passwords');
      // what safe/reset_pay_password stores once the e-mail code is proved
      await new UserRepository(app.db).setPayPassword(owner.id, await hashPassword('654321'));
      await fund(owner.id, '100');
      expect((await withdraw({ pay_password: '654321' }, owner.token)).body.type).toBe('ok');
    });
  });

  describe('in-station', () => {
    it('settles a withdrawal to another user’s deposit address inside the platform when approved, with no fee', async () => {
      const sender = await registerUser(api, 'in-station-sender@example.com');
      await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: 'secret123' }, { token: sender.token });
      await fund(sender.id, '300');
      const recipient = await registerUser(api, 'in-station-recipient@example.com');
      const theirs = (await api.post<{ usdt: string; erc: string }>('wallet/get_in_address', { currency: 3 }, { token: recipient.token })).body.message;
      const mine = (await api.post<{ usdt: string }>('wallet/get_in_address', { currency: 3 }, { token: sender.token })).body.message;

      expect((await withdraw({ address: mine.usdt }, sender.token)).body.message).toBe('cannot withdraw to your own deposit address');
      // an ERC-20 address matches whatever the case of its letters
      const erc = await withdraw({ number: '20', address: theirs.erc.toLowerCase(), active: '0' }, sender.token);
      expect(erc.body.type).toBe('ok');
      expect((await withdraw({ number: '100', address: theirs.usdt }, sender.token)).body.type).toBe('ok');
      const log = (await api.post<{ list: WithdrawalRecord[] }>('wallet/out_log', {}, { token: sender.token })).body.message.list;
      expect(log[0]).toMatchObject({ number: '100.00000000', fee: '0.00000000', received: '100.00000000', status: 1, network: 'trc20' });
      expect(usdt('change', sender.id)).toEqual({ available: parseAmount('180'), locked: parseAmount('120') });
      // a restart loads the open withdrawal with its recipient
      const restarted = new Core(new CoreRepository(app.db));
      await restarted.start();
      expect(restarted.read.openWithdrawal(log[0]?.id ?? 0)?.recipientId).toBe(recipient.id);

      expect((await operator('POST', `/withdrawals/${log[0]?.id}/approve`, {})).body).toEqual({ applied: true, status: 'in_station' });
      // final: no chain step applies to it
      expect((await operator('POST', `/withdrawals/${log[0]?.id}/chain-failure`, {})).status).toBe(409);
      expect(usdt('change', sender.id)).toEqual({ available: parseAmount('180'), locked: parseAmount('20') });
      expect(usdt('change', recipient.id)).toEqual({ available: parseAmount('100'), locked: 0n });
      const after = (await api.post<{ list: WithdrawalRecord[] }>('wallet/out_log', {}, { token: sender.token })).body.message.list;
      expect(after[0]?.status).toBe(6);
      // a rejection refunds as for any withdrawal
      await operator('POST', `/withdrawals/${log[1]?.id}/reject`, {});
      expect(usdt('change', sender.id)).toEqual({ available: parseAmount('200'), locked: 0n });
      const memos = (await api.post<{ list: { info: string; value: string }[] }>('wallet/legal_log', { type: 2 }, { token: recipient.token, lang: 'en' })).body.message.list;
      expect(memos[0]).toMatchObject({ info: 'In-station transfer' });
    });
  });
});
