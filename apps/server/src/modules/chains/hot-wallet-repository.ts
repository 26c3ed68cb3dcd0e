import type { Queryable } from '../../db/database';

export interface HotWalletSendRow {
  withdrawal_id: number;
  network: string;
  sender: string;
  nonce: number;
  currency_id: number;
  amount: string;
  usdt_value: string;
  tx_hashes: string;
  raw_tx: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  status: 'pending' | 'confirmed' | 'returned';
  mined_hash: string;
  note: string;
  created_at: Date;
  broadcast_at: Date;
}

/** An approved on-chain withdrawal the hot wallet may take. */
export interface SendableWithdrawal {
  id: number;
  currency_id: number;
  network: string;
  address: string;
  amount: string;
  fee: string;
  usdt_value: string | null;
}

const COLUMNS = `withdrawal_id::int as withdrawal_id, network, sender, nonce::int as nonce, currency_id, amount::text, usdt_value::text, tx_hashes,
  raw_tx, max_fee_per_gas::text, max_priority_fee_per_gas::text, status, mined_hash, note, created_at, broadcast_at`;

/** What the hot wallet did on chain (not money: the withdrawal's money is the core's). */
export class HotWalletRepository {
  constructor(private readonly db: Queryable) {}

  /** Approved withdrawals on `network` without a hash and never taken by the sender, oldest first. */
  sendable(network: string, limit: number): Promise<SendableWithdrawal[]> {
    return this.db.query<SendableWithdrawal>(
      `select w.id::int as id, w.currency_id, w.network, w.address, w.amount::text, w.fee::text, w.usdt_value::text
         from withdrawals w
        where w.status = 'approved' and w.network = $1 and w.tx_hash = ''
          and not exists (select 1 from hot_wallet_sends s where s.withdrawal_id = w.id)
        order by w.id limit $2`,
      [network, limit],
    );
  }

  async withdrawal(id: number): Promise<SendableWithdrawal | undefined> {
    const [row] = await this.db.query<SendableWithdrawal>(
      'select id::int as id, currency_id, network, address, amount::text, fee::text, usdt_value::text from withdrawals where id = $1',
      [id],
    );
    return row;
  }

  pending(network: string): Promise<HotWalletSendRow[]> {
    return this.db.query<HotWalletSendRow>(`select ${COLUMNS} from hot_wallet_sends where network = $1 and status = 'pending' order by nonce`, [network]);
  }

  async find(withdrawalId: number): Promise<HotWalletSendRow | undefined> {
    const [row] = await this.db.query<HotWalletSendRow>(`select ${COLUMNS} from hot_wallet_sends where withdrawal_id = $1`, [withdrawalId]);
    return row;
  }

  /** The next nonce by the sender's own record (-1 + 1 when it never sent). */
  async nextNonce(network: string, sender: string): Promise<number> {
    const [row] = await this.db.query<{ n: number | null }>('select max(nonce)::int as n from hot_wallet_sends where network = $1 and lower(sender) = lower($2)', [
      network,
      sender,
    ]);
    return (row?.n ?? -1) + 1;
  }

  /** The USDT value the hot wallet took since `since` (returned sends never paid: not counted). */
  async valueSince(network: string, since: Date): Promise<string> {
    const [row] = await this.db.query<{ total: string | null }>(
      `select coalesce(sum(usdt_value), 0)::text as total from hot_wallet_sends where network = $1 and status <> 'returned' and created_at >= $2`,
      [network, since.toISOString()],
    );
    return row?.total ?? '0';
  }

  async insert(row: Omit<HotWalletSendRow, 'status' | 'mined_hash' | 'note'>): Promise<void> {
    await this.db.query(
      `insert into hot_wallet_sends (withdrawal_id, network, sender, nonce, currency_id, amount, usdt_value, tx_hashes, raw_tx, max_fee_per_gas,
                                     max_priority_fee_per_gas, status, created_at, broadcast_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12, $13)`,
      [
        row.withdrawal_id,
        row.network,
        row.sender,
        row.nonce,
        row.currency_id,
        row.amount,
        row.usdt_value,
        row.tx_hashes,
        row.raw_tx,
        row.max_fee_per_gas,
        row.max_priority_fee_per_gas,
        row.created_at.toISOString(),
        row.broadcast_at.toISOString(),
      ],
    );
  }

  /** A replacement: same nonce, higher fees, its hash added. */
  async replace(withdrawalId: number, hash: string, raw: string, maxFee: bigint, priority: bigint, at: Date): Promise<void> {
    await this.db.query(
      `update hot_wallet_sends set tx_hashes = tx_hashes || ',' || $2, raw_tx = $3, max_fee_per_gas = $4, max_priority_fee_per_gas = $5, broadcast_at = $6
        where withdrawal_id = $1 and status = 'pending'`,
      [withdrawalId, hash, raw, maxFee.toString(), priority.toString(), at.toISOString()],
    );
  }

  async rebroadcast(withdrawalId: number, at: Date): Promise<void> {
    await this.db.query('update hot_wallet_sends set broadcast_at = $2 where withdrawal_id = $1', [withdrawalId, at.toISOString()]);
  }

  async close(withdrawalId: number, status: 'confirmed' | 'returned', minedHash: string, note: string): Promise<void> {
    await this.db.query(`update hot_wallet_sends set status = $2, mined_hash = $3, note = $4 where withdrawal_id = $1 and status = 'pending'`, [
      withdrawalId,
      status,
      minedHash,
      note,
    ]);
  }
}
