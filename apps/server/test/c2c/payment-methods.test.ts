import { LANGS, MESSAGE_CATALOGUE, type MessageKey } from '@tessera/protocol';
import { beforeAll, expect, it } from 'vitest';
import { registerUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { CASH, expectRefusal } from './support';

describeEachDatabase('payment methods', (kind) => {
  let user: { token: string; id: number };
  let other: { token: string; id: number };

  const { app, api } = useTestApp(kind);
  beforeAll(async () => {
    user = await registerUser(api, 'cash-owner@example.com');
    other = await registerUser(api, 'cash-other@example.com');
  });

  const save = (fields: Record<string, string>, options: { lang?: string } = {}) => api.post('user/cash_save', fields, { token: user.token, ...options });

  it('answers empty fields before anything is saved, and 999 without a session', async () => {
    const empty = { real_name: '', bank_name: '', bank_account: '', alipay_account: '', wechat_account: '', wechat_nickname: '' };
    expect((await api.post('user/cash_info', {}, { token: user.token })).body).toEqual({ type: 'ok', message: empty });
    expect((await api.post('user/cash_info', {})).body).toEqual({ type: '999', message: 'please log in' });
    expect((await api.post('user/cash_save', CASH)).body).toEqual({ type: '999', message: 'please log in' });
  });

  it('refuses a missing real name, a name with digits, no method, half a bank card and a bad card number, changing nothing', async () => {
    const refusals: [Record<string, string>, MessageKey][] = [
      [{ alipay_account: 'a@alipay.example' }, 'enter real name'],
      [{ real_name: '   ', alipay_account: 'a@alipay.example' }, 'enter real name'],
      [{ real_name: 'Li Lei 2', alipay_account: 'a@alipay.example' }, 'name must not contain digits'],
      [{ real_name: 'Li Lei' }, 'at least one payment method is required'],
      [{ real_name: 'Li Lei', wechat_nickname: 'only a nickname' }, 'at least one payment method is required'],
      [{ real_name: 'Li Lei', bank_name: 'ICBC' }, 'enter bank name and card number'],
      [{ real_name: 'Li Lei', bank_account: '6222020200112233445' }, 'enter bank name and card number'],
      [{ real_name: 'Li Lei', bank_name: 'ICBC', bank_account: '6222-0202' }, 'bank card number is not valid'],
    ];
    for (const [fields, message] of refusals) await expectRefusal(app, () => save(fields), message);
  });

  it('translates each refusal into all seven languages', async () => {
    for (const lang of LANGS) {
      const reply = await save({ real_name: 'Li Lei' }, { lang });
      expect(reply.body).toEqual({ type: 'error', message: MESSAGE_CATALOGUE[lang]['at least one payment method is required'] });
      if (lang !== 'en') expect(reply.body.message).not.toBe(MESSAGE_CATALOGUE.en['at least one payment method is required']);
    }
  });

  it('saves any one method with a real name, replaces it on the next save, and shows it only to its owner', async () => {
    expect((await save({ real_name: 'Li Lei', wechat_account: 'lilei_wx', wechat_nickname: 'Lei' })).body).toEqual({ type: 'ok', message: 'operation ok' });
    expect((await api.post('user/cash_info', {}, { token: user.token })).body.message).toEqual({
      real_name: 'Li Lei',
      bank_name: '',
      bank_account: '',
      alipay_account: '',
      wechat_account: 'lilei_wx',
      wechat_nickname: 'Lei',
    });
    expect((await save({ ...CASH, bank_account: '6222 0202 0011 2233 445' })).body.type).toBe('ok');
    const info = (await api.post<Record<string, string>>('user/cash_info', {}, { token: user.token })).body.message;
    expect(info).toMatchObject({ real_name: 'Li Lei', bank_name: 'ICBC', bank_account: '6222020200112233445', alipay_account: CASH.alipay_account, wechat_account: CASH.wechat_account, wechat_nickname: '' });
    const others = (await api.post<Record<string, string>>('user/cash_info', {}, { token: other.token })).body.message;
    expect(others.real_name).toBe('');
    expect(JSON.stringify(others)).not.toContain('lilei');
  });
});
