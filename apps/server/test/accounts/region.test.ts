import { expect, it } from 'vitest';
import { operatorCall, operatorToken, registerUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';

interface RegionPage {
  list: { city_name: string; district_name: string; phone: string; time: string }[];
  total: number;
  pages: number;
}

describeEachDatabase('region agents', (kind) => {
  const { app, api } = useTestApp(kind);

  it('refuses the list to anyone who is not an agent', async () => {
    const token = await api.login('demo@tessera.example', 'demo1234');
    expect((await api.get('user/region_users', {}, { token })).body).toEqual({
      type: 'error',
      message: 'not a region agent, no permission',
    });
    expect((await api.get('user/region_users')).body.type).toBe('999');
  });

  it("lists the users invited into the agent's region, directly or through its members, masked and paged", async () => {
    const agent = await registerUser(api, 'agent@example.com');
    const operator = operatorCall(app, await operatorToken(app));
    expect((await operator('POST', `/users/${agent.id}/region-agent`, { city_name: 'Shenzhen', district_name: 'Nanshan' })).status).toBe(200);
    const agentCode = (await api.get<{ extension_code: string }>('user/info', {}, { token: agent.token })).body.message.extension_code;

    await registerUser(api, '13700001111', { inviteCode: agentCode });
    const member = await registerUser(api, 'member@example.com', { inviteCode: agentCode });
    const memberCode = (await api.get<{ extension_code: string }>('user/info', {}, { token: member.token })).body.message.extension_code;
    await registerUser(api, 'friend@example.com', { inviteCode: memberCode });
    await registerUser(api, 'outsider@example.com', { inviteCode: 'DEMO0001' });

    const page = await api.get<RegionPage>('user/region_users', { page: 1, limit: 2 }, { token: agent.token });
    expect(page.body.type).toBe('ok');
    expect(page.body.message.total).toBe(3);
    expect(page.body.message.pages).toBe(2);
    expect(page.body.message.list).toHaveLength(2);
    const all = await api.get<RegionPage>('user/region_users', { page: 1, limit: 10 }, { token: agent.token });
    const contacts = all.body.message.list.map((row) => row.phone);
    expect(contacts).toEqual(expect.arrayContaining(['137****1111', 'mem****@example.com', 'fri****@example.com']));
    expect(all.body.message.list.every((row) => row.city_name === 'Shenzhen' && row.district_name === 'Nanshan')).toBe(true);

    expect((await operator('DELETE', `/users/${agent.id}/region-agent`)).status).toBe(200);
    expect((await api.get('user/region_users', {}, { token: agent.token })).body.message).toBe('not a region agent, no permission');
  });
});
