import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { parseAmount } from '../../src/core/amount';
import type { CoreCommand } from '../../src/core/commands';
import { Core } from '../../src/core/core';
import { CoreRepository } from '../../src/core/repository';
import type { Database } from '../../src/db/database';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';

const ETH = 2;
const HASH = `0x${'ab'.repeat(32)}`;

/**
 * The hot wallet's decisions (`chain_sent`, then `chain_success`) go through the core like an
 * operator's: each is in the database when its command resolves, with no command after it, and
 * two submitted together leave the row in the final state.
 */
describeEachDatabase('withdrawal chain steps are durable when answered', (kind) => {
  let db: Database;
  let core: Core;
  let user: number;
  let sequence = 0;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    const [row] = await db.query<{ id: number }>(`select id from users where account = 'demo@tessera.example'`);
    user = row!.id;
    core = new Core(new CoreRepository(db));
    await core.start();
    await core.execute({ kind: 'adjust', key: 'durable-steps-fund', userId: user, currencyId: ETH, wallet: 'change', amount: parseAmount('10'), reason: 'adjustment', reference: 'test' });
  });
  afterAll(async () => {
    await core.stop();
    await db.close();
  });

  const approved = async (): Promise<number> => {
    sequence += 1;
    const applied = await core.execute({
      kind: 'withdraw_apply',
      key: `durable-steps-apply-${sequence}`,
      userId: user,
      currencyId: ETH,
      wallet: 'change',
      network: 'erc20',
      address: '0x4444444444444444444444444444444444444444',
      memo: '',
      amount: parseAmount('1'),
      fee: 0n,
      recipientId: null,
      dayLimit: 0n,
    });
    const id = applied.applied ? applied.withdrawalId! : 0;
    await core.execute({ kind: 'withdraw_review', key: `durable-steps-approve-${id}`, withdrawalId: id, decision: 'approve' });
    return id;
  };
  const review = (id: number, decision: 'chain_sent' | 'chain_success'): CoreCommand => ({
    kind: 'withdraw_review',
    key: `withdrawal:${id}:${decision}:${HASH}`,
    withdrawalId: id,
    decision,
    txHash: HASH,
    note: decision,
  });
  const row = async (id: number) => (await db.query<{ status: string; tx_hash: string }>('select status, tx_hash from withdrawals where id = $1', [id]))[0];

  it('writes each step before answering it', async () => {
    const id = await approved();
    await core.execute(review(id, 'chain_sent'));
    expect(await row(id)).toEqual({ status: 'approved', tx_hash: HASH });
    await core.execute(review(id, 'chain_success'));
    expect(await row(id)).toEqual({ status: 'success', tx_hash: HASH });
    // the same step again (a second pass) is a duplicate, and changes nothing
    expect(await core.execute(review(id, 'chain_success'))).toEqual({ applied: false, duplicate: true });
    expect(await row(id)).toEqual({ status: 'success', tx_hash: HASH });
  });

  it('two steps in one batch leave the row settled', async () => {
    const id = await approved();
    const before = core.read.balance({ userId: user, currencyId: ETH, wallet: 'change' });
    await Promise.all([core.execute(review(id, 'chain_sent')), core.execute(review(id, 'chain_success'))]);
    expect(await row(id)).toEqual({ status: 'success', tx_hash: HASH });
    expect(core.read.balance({ userId: user, currencyId: ETH, wallet: 'change' })).toEqual({ available: before.available, locked: before.locked - parseAmount('1') });
  });
});
