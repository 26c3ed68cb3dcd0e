import { beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../src/app/services';
import { Turns } from '../../src/db/turns';
import { holdTurn } from '../support/held-turn';
import { systemClock } from '../../src/lib/time';
import { LeverRepository } from '../../src/modules/lever/repository';
import { LeverService } from '../../src/modules/lever/service';
import { ACCOUNT_BACKOFF } from '../../src/modules/auth/policy';
import { MAX_PAY_PASSWORD_TRIES, PayPasswordCheck } from '../../src/modules/users/pay-password-check';
import { UserRepository } from '../../src/modules/users/repository';
import { registerUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-app';
import { useTestApp } from '../support/fixture';
import { atoms, LeverHarness } from '../lever/harness';

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: Error) => error.message,
  );

/**
 * Rules that used to hold only while the server was one process, each run through two processes'
 * worth of services at once on the same database and core (what two gateways are).
 */
describeEachDatabase('rules that hold across processes', (kind) => {
  /** the services a second gateway builds: its own memory, the same database and core */
  let second: Services;

  const { app, api } = useTestApp(kind, { audit: true });
  beforeAll(async () => {
    second = createServices(app.db, app.config, systemClock, app.core);
  });

  it('the turns of one key never overlap, whichever process takes them', async () => {
    const processes = [new Turns(app.db), new Turns(app.db), new Turns(app.db)];
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        processes[index % 3]!.run('test:one-key', async () => {
          inside += 1;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 3));
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(await app.db.query("select key from turns where key = 'test:one-key'")).toEqual([]);
  });

  it('counts wrong payment passwords sent through two processes at once as if one by one', async () => {
    const guesser = await registerUser(api, 'cluster-guesser@example.com');
    await api.post('safe/set_pay_password', { password: '123456', repassword: '123456', login_password: 'secret123' }, { token: guesser.token });
    const users = new UserRepository(app.db);
    const checks = [new PayPasswordCheck(users, systemClock, new Turns(app.db)), new PayPasswordCheck(users, systemClock, new Turns(app.db))];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => outcome(checks[index % 2]!.verify(guesser.id, String(200000 + index)))));
    expect(answers.filter((answer) => answer === 'wrong payment password')).toHaveLength(MAX_PAY_PASSWORD_TRIES - 1);
    expect(answers.filter((answer) => answer === 'too many wrong payment passwords')).toHaveLength(10 - (MAX_PAY_PASSWORD_TRIES - 1));
    expect(await outcome(checks[0]!.verify(guesser.id, '123456'))).toBe('too many wrong payment passwords');
  });

  it('takes wrong login passwords through two processes at once one by one', async () => {
    await registerUser(api, 'cluster-login@example.com');
    const client = { ip: '203.0.113.9', userAgent: 'test' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => outcome((index % 2 ? second : app.services).auth.login('cluster-login@example.com', `wrong-${index}`, client))),
    );
    expect(answers.filter((answer) => answer === 'wrong account or password')).toHaveLength(ACCOUNT_BACKOFF.freeFailures);
    // the wait is answered in the lock's form, with the time it ends
    expect(answers.filter((answer) => answer.startsWith('account locked, '))).toHaveLength(8 - ACCOUNT_BACKOFF.freeFailures);
  });

  it('settles an operator’s confirmation and the chain’s report of one claimed output sent through two processes at once as one credit, to one side', async () => {
    const claimant = await registerUser(api, 'cluster-claimant@example.com');
    const holder = await registerUser(api, 'cluster-holder@example.com');
    const address = (await app.services.deposits.depositAddresses(holder.id, undefined)).usdt;
    const change = (userId: number) => app.core.read.balance({ userId, currencyId: 3, wallet: 'change' }).available;
    const company = app.services.deposits;
    for (const digit of ['a', 'b', 'c', 'd']) {
      const hash = `${'e'.repeat(63)}${digit}`;
      await app.db.query(
        `insert into deposit_requests (user_id, currency_id, network, source, from_account, tx_hash, output_index, to_address, amount, proof_url)
         values ($1, 3, 'trc20', 'manual', 'TXsender', $2, 0, $3, '50', '')`,
        [claimant.id, hash, (await company.companyAddresses()).company_trc20_address],
      );
      const [pending] = await app.db.query<{ id: string }>('select id from deposit_requests where tx_hash = $1', [hash]);
      const before = [change(claimant.id), change(holder.id)];
      await Promise.all([
        outcome(app.services.deposits.confirm(Number(pending?.id), null, undefined, 0)),
        outcome(second.deposits.creditChainDeposit({ network: 'trc20', address, currencyId: 3, txHash: hash, amount: '50', outputIndex: 0 })),
      ]);
      const gained = [change(claimant.id) - (before[0] ?? 0n), change(holder.id) - (before[1] ?? 0n)];
      const rows = await app.db.query<{ user_id: number; status: number; source: string }>('select user_id, status, source from deposit_requests where tx_hash = $1 order by id', [hash]);
      const confirmed = rows.filter((row) => row.status === 1);
      expect(confirmed).toHaveLength(1);
      expect(gained.filter((gain) => gain !== 0n)).toEqual([atoms('50')]);
      // the one confirmed request is the one whose user got the money
      expect(gained[confirmed[0]?.user_id === claimant.id ? 0 : 1]).toBe(atoms('50'));
    }
  });

  describe('lever closes', () => {
    let h: LeverHarness;
    let gateways: LeverService[];
    let userId: number;

    beforeAll(async () => {
      h = new LeverHarness(app.db).use(app.core, app.services.indexFeed);
      await h.init();
      await h.fund(h.house, 'lever', '1000000');
      await h.markAt('60000');
      userId = (await registerUser(api, 'cluster-lever@example.com')).id;
      await h.fund(userId, 'lever', '10000');
      const names = async () => new Map<number, string>();
      gateways = [0, 1].map(() => new LeverService(app.core, new LeverRepository(app.db), names, () => 7n, new Turns(app.db)));
    });

    it('tells a second close of a position sent through another process while the first is under way that closing is in progress', async () => {
      const id = await gateways[0]!.submit(userId, { legal_id: 3, currency_id: 1, multiple: '10', share: '1', type: '1', status: '1' });
      // the first close is under way in another process, holding the position's turn
      const first = await holdTurn(app.db, `lever-close:${id}`);
      expect(await outcome(gateways[0]!.close(userId, id))).toBe('closing in progress');
      expect(await outcome(gateways[1]!.close(userId, id))).toBe('closing in progress');
      await first.release();
      expect(await outcome(gateways[0]!.close(userId, id))).toBe('ok');
      expect(await outcome(gateways[1]!.close(userId, id))).toBe('order already handled');
    });
  });
});
