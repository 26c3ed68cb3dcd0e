import { beforeAll, describe, expect, it } from 'vitest';
import { deriveDepositAddress, developmentDepositKeys, parseDepositKeys } from '../../src/modules/deposits/chain';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { postFiles, TINY_PNG } from '../support/multipart';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

const TRC_HASH = 'a'.repeat(64);
const BTC_HASH = 'b'.repeat(64);
const ERC_HASH = `0x${'c'.repeat(64)}`;

interface Addresses {
  address: string;
  btc: string;
  eth: string;
  usdt: string;
  erc: string;
  usdt_erc20: string;
  list: { id: number; type: string; address: string }[];
}

interface DepositItem {
  id: number;
  user_id: number;
  hash: string;
  network: string;
  source: string;
  status: number;
  output_index: number;
  to_address: string;
  superseded_by: number | null;
}

describeEachDatabase('deposits', (kind) => {
  let user: { token: string; id: number };
  let other: { token: string; id: number };
  let operator: ReturnType<typeof operatorCall>;

  const change = (userId: number, currencyId: number) => app.core.read.balance({ userId, currencyId, wallet: 'change' });
  const company = async () =>
    (await api.get<{ company_eth_address: string; company_btc_address: string; company_trc20_address: string }>('money/rechange', {}, { token: user.token })).body
      .message;
  const uploadProof = async (token: string) => {
    const reply = await postFiles(app, '/api/upload', token, [{ filename: 'proof.png', contentType: 'image/png', bytes: TINY_PNG }]);
    return reply.body.message;
  };

  const { app, api } = useTestApp(kind, { audit: true });
  beforeAll(async () => {
    user = await registerUser(api, 'depositor@example.com');
    other = await registerUser(api, 'other-depositor@example.com');
    operator = operatorCall(app, await operatorToken(app));
  });

  describe('addresses', () => {
    it('derives each user’s own addresses from the configured keys, the same every time', async () => {
      const first = await api.post<Addresses>('wallet/get_in_address', { currency: 3 }, { token: user.token });
      const again = await api.post<Addresses>('wallet/get_in_addresss', { currency: 3, lang: 'en' }, { token: user.token });
      expect(first.body.type).toBe('ok');
      expect(again.body.message).toEqual(first.body.message);
      const keys = parseDepositKeys(developmentDepositKeys());
      const mine = first.body.message;
      expect(mine.btc).toBe(deriveDepositAddress(keys, 'btc', user.id));
      expect(mine.eth).toBe(deriveDepositAddress(keys, 'erc20', user.id));
      expect(mine.usdt).toBe(deriveDepositAddress(keys, 'trc20', user.id));
      expect(mine.btc).toMatch(/^bc1q/);
      expect(mine.usdt).toMatch(/^T/);
      expect(mine.erc).toBe(mine.eth);
      expect(mine.usdt_erc20).toBe(mine.eth);
      expect(mine.list.map((item) => item.type)).toEqual(expect.arrayContaining(['BTC', 'ETH', 'USDT-TRC20', 'USDT-ERC20', 'USDC-ERC20']));
      // the old deposit screens' form: CHAIN:address pairs of the currency's networks, joined by commas
      expect(mine.address).toBe(`TRC20:${mine.usdt},ERC20:${mine.eth}`);
      const btcOnly = (await api.post<Addresses>('wallet/get_in_address', { currency: 1 }, { token: user.token })).body.message;
      expect(btcOnly.address).toBe(`BTC:${mine.btc}`);
      const theirs = (await api.post<Addresses>('wallet/get_in_address', {}, { token: other.token })).body.message;
      expect(theirs.address).toBe(`BTC:${theirs.btc},ERC20:${theirs.eth},TRC20:${theirs.usdt}`);
      expect(theirs.btc).not.toBe(mine.btc);
      expect(theirs.eth).not.toBe(mine.eth);
    });

    it('refuses a currency that takes no deposits, the guest account, visitors, and everyone while closed', async () => {
      expect((await api.post('wallet/get_in_address', { currency: 4 }, { token: user.token })).body.message).toBe('this currency cannot be deposited');
      const guest = (await api.post<string>('user/login', { is_vistor: 1 })).body.message;
      expect((await api.post('wallet/get_in_address', {}, { token: guest })).body.message).toBe('guest accounts cannot do this');
      expect((await api.post('wallet/get_in_address', {})).body.type).toBe('999');
      expect((await operator('PUT', '/settings/deposits', { open: false })).status).toBe(200);
      try {
        expect((await api.post('wallet/get_in_address', {}, { token: user.token })).body.message).toBe('deposit and withdrawal are not open');
        expect((await api.post('wallet/list', {}, { token: user.token })).body.message).toMatchObject({ is_open_CTbi: 0 });
      } finally {
        await operator('PUT', '/settings/deposits', { open: true });
      }
    });

    it('shows the company’s addresses for manual deposits', async () => {
      const reply = await api.get<{ company_eth_address: string; list: { title: string; qrcode: string }[] }>('money/rechange', { user_id: user.id }, { token: user.token });
      expect(reply.body.message.company_eth_address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(reply.body.message.list.find((item) => item.title === 'USDT-TRC20')?.qrcode).toMatch(/^\/api\/qrcode\?text=T/);
    });
  });

  describe('manual deposits', () => {
    it('refuses a request missing any field or with a bad hash, amount, image or currency, and writes nothing', async () => {
      const pic = await uploadProof(user.token);
      const full = { currency: 3, acc: 'TXsender', hash: 'd'.repeat(64), amount: '25', pic, active: '1' };
      for (const field of ['currency', 'acc', 'hash', 'amount', 'pic'] as const) {
        const { [field]: _dropped, ...rest } = full;
        expect((await api.post('wallet/charge_req', rest, { token: user.token })).body.message, field).toBe('parameter error');
      }
      const refusal = async (change: Partial<typeof full>) => (await api.post('wallet/charge_req', { ...full, ...change }, { token: user.token })).body.message;
      expect(await refusal({ hash: 'not-a-hash' })).toBe('transaction hash is not valid');
      expect(await refusal({ active: '0' })).toBe('transaction hash is not valid');
      expect(await refusal({ amount: '0' })).toBe('amount must be greater than zero');
      expect(await refusal({ amount: '-5' })).toBe('amount must be greater than zero');
      expect(await refusal({ amount: '1.123456789' })).toBe('parameter error');
      expect(await refusal({ currency: 4 })).toBe('this currency cannot be deposited');
      expect(await refusal({ currency: 999 })).toBe('currency not found');
      expect(await refusal({ pic: '/uploads/not-mine.png' })).toBe('photo not found, upload it again');
      expect(await refusal({ pic: await uploadProof(other.token) })).toBe('photo not found, upload it again');
      const records = await api.post<{ total: number }>('wallet/charge_log', {}, { token: user.token });
      expect(records.body.message.total).toBe(0);
    });

    it('credits nothing until an operator confirms, then exactly once however often it is confirmed', async () => {
      const before = change(user.id, 3).available;
      const pic = await uploadProof(user.token);
      const submitted = await api.post('wallet/charge_req', { currency: 3, acc: 'TXsender', hash: TRC_HASH, amount: '125.5', pic, recharge_type: '1', type: 'change', active: '1' }, { token: user.token });
      expect(submitted.body).toEqual({ type: 'ok', message: 'recharge submitted' });
      const again = await api.post('wallet/charge_req', { currency: 3, acc: 'TXsender', hash: TRC_HASH.toUpperCase(), amount: '125.5', pic, active: '1' }, { token: other.token });
      expect(again.body.message).toBe('photo not found, upload it again');
      const resubmit = await api.post('wallet/charge_req', { currency: 3, acc: 'TXsender', hash: TRC_HASH.toUpperCase(), amount: '1', pic, active: '1' }, { token: user.token });
      expect(resubmit.body.message).toBe('transaction already submitted');
      expect(change(user.id, 3).available).toBe(before);

      const pending = (await operator('GET', '/deposits?status=0')).body as { list: { id: number; user_id: number; amount: string; proof_url: string; network: string }[] };
      const request = pending.list.find((item) => item.user_id === user.id);
      expect(request).toMatchObject({ amount: '125.50000000', proof_url: pic, network: 'trc20', output_index: 0, to_address: (await company()).company_trc20_address });
      const id = request?.id ?? 0;
      const confirm = { output_index: 0 };
      const [first, second] = await Promise.all([operator('POST', `/deposits/${id}/confirm`, confirm), operator('POST', `/deposits/${id}/confirm`, confirm)]);
      expect([first.body.applied, second.body.applied].sort()).toEqual([false, true]);
      const third = await operator('POST', `/deposits/${id}/confirm`, confirm);
      expect(third.body).toMatchObject({ applied: false, status: 1, credited: '125.5' });
      expect(change(user.id, 3).available - before).toBe(125_500_000_000_000_000_000n);
      expect((await operator('POST', `/deposits/${id}/reject`, { reason: 'late' })).status).toBe(409);

      const log = await api.post<{ list: { status: number; amount: string; hash: string }[] }>('wallet/charge_log', { currency: 3 }, { token: user.token });
      expect(log.body.message.list[0]).toMatchObject({ status: 1, amount: '125.50000000', hash: TRC_HASH });
      const entries = await api.post<{ list: { reason: string; value: string; info: string }[] }>('wallet/legal_log', { type: 2, currency: 3 }, { token: user.token, lang: 'en' });
      expect(entries.body.message.list[0]).toMatchObject({ reason: 'deposit', value: '125.5', info: 'Deposit credited' });
    });

    it('lets an operator reject a request; a rejected transaction may be submitted again', async () => {
      const pic = await uploadProof(user.token);
      await api.post('wallet/charge_req', { currency: 1, acc: 'bc1qsender', hash: BTC_HASH, amount: '0.01', pic }, { token: user.token });
      const pending = (await operator('GET', '/deposits?status=0')).body as { list: { id: number; hash: string }[] };
      const id = pending.list.find((item) => item.hash === BTC_HASH)?.id ?? 0;
      expect((await operator('POST', '/deposits/999999/confirm', { output_index: 0 })).status).toBe(404);
      expect((await operator('POST', '/deposits/999999/reject', {})).status).toBe(404);
      expect((await operator('POST', `/deposits/${id}/reject`, { reason: 'no such transfer' })).status).toBe(200);
      expect((await operator('POST', `/deposits/${id}/reject`, {})).status).toBe(409);
      expect((await operator('POST', `/deposits/${id}/confirm`, { output_index: 0 })).status).toBe(409);
      expect(change(user.id, 1).available).toBe(0n);
      expect((await api.post('wallet/charge_req', { currency: 1, acc: 'bc1qsender', hash: BTC_HASH, amount: '0.01', pic }, { token: user.token })).body.type).toBe('ok');
    });
  });

  describe('chain deposits', () => {
    it('credits a transfer the chain watcher reports to a user’s address, once per transaction', async () => {
      const mine = (await api.post<Addresses>('wallet/get_in_address', {}, { token: other.token })).body.message;
      const report = (address: string, txHash = ERC_HASH) =>
        api.post<{ applied: boolean }>('dev/chain/deposit', { network: 'erc20', address, currency_id: 2, tx_hash: txHash, amount: '1.25' });
      expect((await report(mine.eth.toLowerCase())).body.message).toMatchObject({ applied: true, status: 1 });
      expect((await report(mine.eth)).body.message).toMatchObject({ applied: false, status: 1 });
      expect(change(other.id, 2).available).toBe(1_250_000_000_000_000_000n);
      expect((await report(`0x${'1'.repeat(40)}`, `0x${'e'.repeat(64)}`)).body.message).toBe('address wrong');
      expect((await report(mine.eth, 'f'.repeat(64))).body.message).toBe('transaction hash is not valid');
    });
  });
  describe('outputs', () => {
    const addressesOf = async (token: string) => (await api.post<Addresses>('wallet/get_in_address', {}, { token })).body.message;
    const report = (fields: { network: string; address: string; currency_id: number; tx_hash: string; amount: string; output_index?: number }) =>
      api.post<{ applied: boolean; status: number; credited: string }>('dev/chain/deposit', fields);

    it('credits two outputs of one transaction to two users, and each output once however often it is reported', async () => {
      const [mine, theirs] = [await addressesOf(user.token), await addressesOf(other.token)];
      const hash = '1'.repeat(64);
      const before = [change(user.id, 1).available, change(other.id, 1).available];
      const toMe = { network: 'btc', address: mine.btc, currency_id: 1, tx_hash: hash, amount: '0.01', output_index: 0 };
      const toThem = { network: 'btc', address: theirs.btc, currency_id: 1, tx_hash: hash.toUpperCase(), amount: '0.02', output_index: 1 };
      expect((await report(toMe)).body.message).toMatchObject({ applied: true, status: 1, credited: '0.01' });
      expect((await report(toThem)).body.message).toMatchObject({ applied: true, status: 1, credited: '0.02' });
      expect((await report(toThem)).body.message).toMatchObject({ applied: false, status: 1 });
      expect((await report({ ...toMe, tx_hash: hash.toUpperCase() })).body.message).toMatchObject({ applied: false, status: 1 });
      expect(change(user.id, 1).available - (before[0] ?? 0n)).toBe(10_000_000_000_000_000n);
      expect(change(other.id, 1).available - (before[1] ?? 0n)).toBe(20_000_000_000_000_000n);

      const listed = ((await operator('GET', '/deposits?status=1&limit=100')).body as { list: DepositItem[] }).list.filter((item) => item.hash === hash);
      expect(listed.map(({ user_id, output_index, to_address, source }) => ({ user_id, output_index, to_address, source })).sort((a, b) => a.output_index - b.output_index)).toEqual([
        { user_id: user.id, output_index: 0, to_address: mine.btc, source: 'chain' },
        { user_id: other.id, output_index: 1, to_address: theirs.btc, source: 'chain' },
      ]);
    });

    it('credits one output reported twice at once a single time', async () => {
      const theirs = await addressesOf(other.token);
      const before = change(other.id, 3).available;
      const body = { network: 'trc20', address: theirs.usdt, currency_id: 3, tx_hash: '2'.repeat(64), amount: '7', output_index: 3 };
      const replies = await Promise.all([report(body), report(body), report({ ...body, tx_hash: body.tx_hash.toUpperCase() })]);
      expect(replies.map((reply) => (reply.body.message as { applied: boolean }).applied).sort()).toEqual([false, false, true]);
      expect(change(other.id, 3).available - before).toBe(7_000_000_000_000_000_000n);
    });

    it('refuses an output index that is negative, fractional or too large, and credits nothing', async () => {
      const theirs = await addressesOf(other.token);
      const before = change(other.id, 3).available;
      for (const output_index of [-1, 1.5, 2 ** 31]) {
        const reply = await report({ network: 'trc20', address: theirs.usdt, currency_id: 3, tx_hash: '3'.repeat(64), amount: '1', output_index });
        expect(reply.body, String(output_index)).toMatchObject({ type: 'error', message: 'parameter error' });
      }
      expect(change(other.id, 3).available).toBe(before);
    });
  });

  describe('manual claims and the chain', () => {
    const addressesOf = async (token: string) => (await api.post<Addresses>('wallet/get_in_address', {}, { token })).body.message;
    const claim = async (token: string, fields: Record<string, string | number>) =>
      api.post('wallet/charge_req', { currency: 3, acc: 'TXsender', amount: '50', pic: await uploadProof(token), active: '1', ...fields }, { token });
    const deposits = async (hash: string) =>
      ((await operator('GET', '/deposits?limit=100')).body as { list: DepositItem[] }).list.filter((item) => item.hash === hash);
    const report = (fields: Record<string, string | number>) =>
      api.post<{ applied: boolean; status: number; credited: string }>('dev/chain/deposit', { network: 'trc20', currency_id: 3, amount: '50', ...fields });

    it('accepts a claim for the company address only, and records where the money went', async () => {
      const companies = await company();
      const theirs = await addressesOf(other.token);
      const hash = '4'.repeat(64);
      expect((await claim(user.token, { hash, address: theirs.usdt })).body.message).toBe('deposits to a personal address are credited automatically');
      expect((await claim(user.token, { hash, address: (await addressesOf(user.token)).usdt })).body.message).toBe('deposits to a personal address are credited automatically');
      expect((await claim(user.token, { hash, address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' })).body.message).toBe('manual deposits are accepted only for the company address');
      expect((await claim(user.token, { hash, address: companies.company_trc20_address, index: 2 ** 31 })).body.message).toBe('parameter error');
      expect(await deposits(hash)).toEqual([]);

      expect((await claim(user.token, { hash, address: companies.company_trc20_address })).body.type).toBe('ok');
      const erc = `0x${'4'.repeat(64)}`;
      const ethCompany = companies.company_eth_address.toLowerCase();
      expect((await claim(user.token, { hash: erc, active: '0', address: ethCompany, index: 5 })).body.type).toBe('ok');
      expect(await deposits(hash)).toEqual([expect.objectContaining({ user_id: user.id, output_index: 0, to_address: companies.company_trc20_address, status: 0, superseded_by: null })]);
      expect(await deposits(erc)).toEqual([expect.objectContaining({ output_index: 5, to_address: companies.company_eth_address, network: 'erc20' })]);
    });

    it('supersedes a pending claim when the chain reports its output to a user’s address: one credit, to that user', async () => {
      const theirs = await addressesOf(other.token);
      const hash = '5'.repeat(64);
      const [claimant, holder] = [change(user.id, 3).available, change(other.id, 3).available];
      expect((await claim(user.token, { hash })).body.type).toBe('ok');
      const [pending] = await deposits(hash);

      const reported = await report({ address: theirs.usdt, tx_hash: hash.toUpperCase(), output_index: 0 });
      expect(reported.body.message).toMatchObject({ applied: true, status: 1, credited: '50' });
      const rows = await deposits(hash);
      const chainRow = rows.find((row) => row.source === 'chain');
      expect(chainRow).toMatchObject({ user_id: other.id, status: 1, output_index: 0, to_address: theirs.usdt });
      expect(rows.find((row) => row.id === pending?.id)).toMatchObject({ status: 2, superseded_by: chainRow?.id, user_id: user.id });

      const approve = await operator('POST', `/deposits/${pending?.id}/confirm`, { output_index: 0 });
      expect(approve).toEqual({ status: 409, body: { error: 'order already handled' } });
      expect((await report({ address: theirs.usdt, tx_hash: hash, output_index: 0 })).body.message).toMatchObject({ applied: false, status: 1 });
      expect((await claim(user.token, { hash })).body.message).toBe('transaction already submitted');
      expect(change(user.id, 3).available).toBe(claimant);
      expect(change(other.id, 3).available - holder).toBe(50_000_000_000_000_000_000n);
      const log = await api.post<{ list: { hash: string; status: number }[] }>('wallet/charge_log', { currency: 3 }, { token: user.token });
      expect(log.body.message.list.find((item) => item.hash === hash)?.status).toBe(2);
    });

    it('leaves a claim of another output of the same transaction standing, and confirms only the output it names', async () => {
      const theirs = await addressesOf(other.token);
      const hash = '6'.repeat(64);
      const claimant = change(user.id, 3).available;
      expect((await claim(user.token, { hash, index: 1, amount: '30' })).body.type).toBe('ok');
      expect((await report({ address: theirs.usdt, tx_hash: hash, output_index: 0 })).body.message).toMatchObject({ applied: true });
      const pending = (await deposits(hash)).find((row) => row.source === 'manual');
      expect(pending).toMatchObject({ status: 0, output_index: 1, superseded_by: null });

      expect(await operator('POST', `/deposits/${pending?.id}/confirm`, { output_index: 0 })).toEqual({ status: 400, body: { error: 'output index does not match the deposit' } });
      expect((await operator('POST', `/deposits/${pending?.id}/confirm`, {})).status).toBe(400);
      expect(change(user.id, 3).available).toBe(claimant);
      expect((await operator('POST', `/deposits/${pending?.id}/confirm`, { output_index: 1 })).body).toMatchObject({ applied: true, status: 1, credited: '30' });
      expect(change(user.id, 3).available - claimant).toBe(30_000_000_000_000_000_000n);
    });

    it('settles an operator’s confirmation and the chain’s report of one claimed output sent at once as one credit, to one side', async () => {
      const theirs = await addressesOf(other.token);
      for (const digit of ['0', '1', '2', '3']) {
        const hash = `${'9'.repeat(63)}${digit}`;
        const [claimant, holder] = [change(user.id, 3).available, change(other.id, 3).available];
        expect((await claim(user.token, { hash })).body.type).toBe('ok');
        const [pending] = await deposits(hash);
        await Promise.all([operator('POST', `/deposits/${pending?.id}/confirm`, { output_index: 0 }), report({ address: theirs.usdt, tx_hash: hash, output_index: 0 })]);
        const gained = [change(user.id, 3).available - claimant, change(other.id, 3).available - holder];
        const rows = await deposits(hash);
        const claimRow = rows.find((row) => row.id === pending?.id);
        const chainRow = rows.find((row) => row.source === 'chain');
        if (gained[0] === 0n) {
          // the report came first: the claim is superseded and the address's owner credited
          expect(gained[1]).toBe(50_000_000_000_000_000_000n);
          expect(claimRow).toMatchObject({ status: 2, superseded_by: chainRow?.id });
          expect(chainRow).toMatchObject({ status: 1, user_id: other.id });
        } else {
          // the confirmation came first: the claimant was credited and the report refused
          expect(gained).toEqual([50_000_000_000_000_000_000n, 0n]);
          expect(claimRow).toMatchObject({ status: 1 });
          expect(chainRow).toBeUndefined();
        }
      }
    });

    it('never credits an output twice: not after an operator credited its claim, nor a claim after the chain credited it', async () => {
      const theirs = await addressesOf(other.token);
      const credited = '7'.repeat(64);
      expect((await claim(user.token, { hash: credited })).body.type).toBe('ok');
      const [request] = await deposits(credited);
      expect((await operator('POST', `/deposits/${request?.id}/confirm`, { output_index: 0 })).body).toMatchObject({ applied: true });
      const [claimant, holder] = [change(user.id, 3).available, change(other.id, 3).available];
      expect((await report({ address: theirs.usdt, tx_hash: credited, output_index: 0 })).body.message).toBe('transaction already submitted');
      expect(change(other.id, 3).available).toBe(holder);

      const reported = '8'.repeat(64);
      expect((await report({ address: theirs.usdt, tx_hash: reported, output_index: 0 })).body.message).toMatchObject({ applied: true });
      expect((await claim(user.token, { hash: reported.toUpperCase() })).body.message).toBe('transaction already submitted');
      expect(change(user.id, 3).available).toBe(claimant);
    });
  });
});
