import type { Network } from './chain';
import type { DepositDecision } from './service';

/** A confirmed incoming transfer to one of the platform's deposit addresses. */
export interface ChainDeposit {
  network: Network;
  /** the receiving address: a user's derived deposit address */
  address: string;
  currencyId: number;
  txHash: string;
  /** the output within the transaction: UTXO output index (BTC) or log index of the transfer event (ERC-20, TRC-20) */
  outputIndex: number;
  /** decimal text in the currency's units */
  amount: string;
}

export type ChainDepositHandler = (deposit: ChainDeposit) => Promise<DepositDecision>;

/**
 * Reports deposits once they have enough confirmations (six). A production
 * implementation follows nodes or an indexer per network; the deposit service does not care
 * which, and credits each output (transaction hash and output index) once however often it is
 * reported.
 */
export interface ChainWatcher {
  start(handler: ChainDepositHandler): void;
  stop(): Promise<void>;
}

/**
 * The development watcher: no chain. `POST /api/dev/chain/deposit` (outside production) reports a
 * deposit as if it had been seen and confirmed, so the whole path can be exercised locally.
 */
export class DevelopmentChainWatcher implements ChainWatcher {
  private handler: ChainDepositHandler | undefined;

  start(handler: ChainDepositHandler): void {
    this.handler = handler;
  }

  async stop(): Promise<void> {
    this.handler = undefined;
  }

  async report(deposit: ChainDeposit): Promise<DepositDecision> {
    if (!this.handler) throw new Error('the chain watcher is not started');
    return this.handler(deposit);
  }
}
