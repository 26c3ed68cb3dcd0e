import type { Database, Queryable } from '../../db/database';

export interface DepositRequestRow {
  id: string;
  user_id: number;
  currency_id: number;
  network: string;
  source: 'manual' | 'chain';
  from_account: string;
  tx_hash: string;
  /** the output within the transaction: UTXO output index (BTC) or log index (ERC-20, TRC-20) */
  output_index: number;
  /** where the output went on chain: a user's derived address (chain) or the company's (manual) */
  to_address: string;
  amount: string;
  proof_url: string;
  status: number;
  reviewer_id: number | null;
  review_note: string;
  credited_amount: string | null;
  /** a manual claim closed because the chain reported its output to a derived address: that deposit's id */
  superseded_by: string | null;
  created_at: Date;
  reviewed_at: Date | null;
}

export interface NewDepositRequest {
  userId: number;
  currencyId: number;
  network: string;
  source: 'manual' | 'chain';
  fromAccount: string;
  /** normalised (chain's normalizeTxHash) */
  txHash: string;
  outputIndex: number;
  toAddress: string;
  amount: string;
  proofUrl: string;
}

/** The status a closed claim takes: it was never credited, as a rejected one. */
const CLOSED = 2;

const columns = (table = 'deposit_requests') =>
  `${table}.id::text, ${table}.user_id, ${table}.currency_id, ${table}.network, ${table}.source, ${table}.from_account,
   ${table}.tx_hash, ${table}.output_index, ${table}.to_address, ${table}.amount::text, ${table}.proof_url, ${table}.status,
   ${table}.reviewer_id, ${table}.review_note, ${table}.credited_amount::text, ${table}.superseded_by::text, ${table}.created_at,
   ${table}.reviewed_at`;
const COLUMNS = columns();

/** Deposit addresses and deposit requests. Requests hold no money: crediting is the core's. */
export class DepositRepository {
  constructor(private readonly db: Queryable & Pick<Database, 'transaction'>) {}

  async addressesOf(userId: number): Promise<Map<string, string>> {
    const rows = await this.db.query<{ network: string; address: string }>('select network, address from deposit_addresses where user_id = $1', [userId]);
    return new Map(rows.map((row) => [row.network, row.address]));
  }

  /** Remembers a derived address (idempotent: derivation is deterministic). */
  async saveAddress(userId: number, network: string, address: string, index: number): Promise<void> {
    await this.db.query(
      `insert into deposit_addresses (user_id, network, address, derivation_index) values ($1, $2, $3, $4)
       on conflict (user_id, network) do nothing`,
      [userId, network, address, index],
    );
  }

  async ownerOfAddress(network: string, address: string): Promise<number | undefined> {
    return (await this.depositAddress(network, address))?.user_id;
  }

  /** The derived deposit address `address` names (as stored) and its owner, if it is one. */
  async depositAddress(network: string, address: string): Promise<{ user_id: number; address: string } | undefined> {
    const [row] = await this.db.query<{ user_id: number; address: string }>(
      // ERC-20 addresses compare without their checksum case
      `select user_id, address from deposit_addresses where network = $1 and (address = $2 or (network = 'erc20' and lower(address) = lower($2)))`,
      [network, address],
    );
    return row;
  }

  /** Inserts a request; answers undefined when a live request already holds this output. */
  insert(request: NewDepositRequest, db: Queryable = this.db): Promise<DepositRequestRow | undefined> {
    return db
      .query<DepositRequestRow>(
        `insert into deposit_requests (user_id, currency_id, network, source, from_account, tx_hash, output_index, to_address, amount, proof_url)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         on conflict (network, lower(tx_hash), output_index) where status <> 2 do nothing
         returning ${COLUMNS}`,
        [
          request.userId,
          request.currencyId,
          request.network,
          request.source,
          request.fromAccount,
          request.txHash,
          request.outputIndex,
          request.toAddress,
          request.amount,
          request.proofUrl,
        ],
      )
      .then(([row]) => row);
  }

  /**
   * Closes a pending manual claim and records the chain deposit of the same output in its place,
   * in one transaction: answers the new row, or undefined (and changes nothing) when the claim was
   * no longer pending.
   */
  supersede(claimId: number, deposit: NewDepositRequest, note: string, at: Date): Promise<DepositRequestRow | undefined> {
    return this.db.transaction(async (tx) => {
      const closed = await tx.query(
        `update deposit_requests set status = ${CLOSED}, review_note = $2, reviewed_at = $3
          where id = $1 and status = 0 and source = 'manual' returning id`,
        [claimId, note, at.toISOString()],
      );
      if (closed.length === 0) return undefined;
      const row = await this.insert(deposit, tx);
      if (!row) throw new Error('a live deposit holds the output of a claim just closed');
      await tx.query('update deposit_requests set superseded_by = $2 where id = $1', [claimId, row.id]);
      return row;
    });
  }

  async find(id: number): Promise<DepositRequestRow | undefined> {
    const [row] = await this.db.query<DepositRequestRow>(`select ${COLUMNS} from deposit_requests where id = $1`, [id]);
    return row;
  }

  /** The live (pending or confirmed) request holding one output of a transaction. */
  async findLiveByOutput(network: string, txHash: string, outputIndex: number): Promise<DepositRequestRow | undefined> {
    const [row] = await this.db.query<DepositRequestRow>(
      `select ${COLUMNS} from deposit_requests
        where network = $1 and lower(tx_hash) = lower($2) and output_index = $3 and status <> ${CLOSED}`,
      [network, txHash, outputIndex],
    );
    return row;
  }

  /** Marks a pending request confirmed or rejected; answers false if it was no longer pending. */
  async decide(id: number, status: 1 | 2, reviewerId: number | null, note: string, creditedAmount: string | null, at: Date): Promise<boolean> {
    const rows = await this.db.query(
      `update deposit_requests set status = $2, reviewer_id = $3, review_note = $4, credited_amount = $5, reviewed_at = $6
        where id = $1 and status = 0 returning id`,
      [id, status, reviewerId, note, creditedAmount, at.toISOString()],
    );
    return rows.length > 0;
  }

  listOfUser(userId: number, currencyId: number | undefined, limit: number, offset: number) {
    return this.db.query<DepositRequestRow & { total: number }>(
      `select ${COLUMNS}, (count(*) over ())::int as total from deposit_requests
        where user_id = $1 and ($2::int is null or currency_id = $2) order by id desc limit $3 offset $4`,
      [userId, currencyId ?? null, limit, offset],
    );
  }

  listByStatus(status: number | undefined, limit: number, offset: number) {
    return this.db.query<DepositRequestRow & { total: number; account: string }>(
      `select ${columns('d')}, u.account, (count(*) over ())::int as total
         from deposit_requests d join users u on u.id = d.user_id
        where ($1::int is null or d.status = $1) order by d.id desc limit $2 offset $3`,
      [status ?? null, limit, offset],
    );
  }
}
