import { decode, encode } from '../../src/cluster/codec';
import { ReplicaFollower } from '../../src/cluster/follower';
import { Core } from '../../src/core/core';
import type { CoreCommand } from '../../src/core/kinds';
import type { ReplicatedBatch } from '../../src/core/replicated-batch';
import { CoreRepository } from '../../src/core/repository';
import { WALLETS } from '../../src/core/wallets';
import type { Database } from '../../src/db/database';

export interface InProcessReplica {
  /** the copy: a `Core` in replica mode on the same database */
  replica: Core;
  follower: ReplicaFollower;
  /** faults the copy reported (a reload fixes what it can): a test of plain replay expects none */
  faults: unknown[];
  /** the next `count` batches the core publishes are lost on the way */
  loseNext(count?: number): void;
  /** hands the copy a batch as if the core had published it (a forged one, to test a fault) */
  deliver(batch: ReplicatedBatch): void;
  /** resolves once the copy reflects the core's last durable batch */
  caughtUp(timeoutMs?: number): Promise<void>;
}

/**
 * A gateway's copy of `core`, in this process: the core's durable batches reach it through the
 * wire's codec (as over NATS) and a `ReplicaFollower`, which is told of batches before the copy loads.
 */
export async function followInProcess(core: Core, db: Database): Promise<InProcessReplica> {
  const faults: unknown[] = [];
  const replica = new Core(new CoreRepository(db), (error) => faults.push(error));
  const follower = new ReplicaFollower(replica, (error) => faults.push(error));
  let lose = 0;
  const deliver = (batch: ReplicatedBatch) => follower.receive(decode<ReplicatedBatch>(encode(batch)));
  core.replicate((batch) => {
    if (lose > 0) lose -= 1;
    else deliver(batch);
  });
  await replica.startReplica((command) => core.execute(command as CoreCommand));
  follower.start();
  return {
    replica,
    follower,
    faults,
    loseNext: (count = 1) => {
      lose = count;
    },
    deliver,
    async caughtUp(timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      while (replica.sequence !== core.sequence) {
        if (Date.now() > end) throw new Error(`the copy is at batch ${replica.sequence}, the core at ${core.sequence}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

/**
 * What readers of a core see of these users (BTC, ETH and USDT in every wallet) and the pair:
 * equal on the core and its copy. (Not the last price: the read view gives the last one since its
 * core loaded, which differs by design after a reload.)
 */
export function viewOf(core: Core, users: readonly number[], pairId: number) {
  return {
    sequence: core.sequence,
    balances: users.flatMap((userId) => [1, 2, 3].flatMap((currencyId) => WALLETS.map((wallet) => core.read.balance({ userId, currencyId, wallet })))),
    orders: users.map((userId) => core.read.openOrders(userId)),
    lever: users.map((userId) => core.read.leverTradesOf(userId)),
    risk: users.map((userId) => core.read.leverRisk(userId, 3)),
    depth: core.read.depth(pairId, 200),
    mark: core.read.markPrice(pairId),
  };
}
