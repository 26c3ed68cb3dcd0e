import { encodeFunctionData, getAddress, keccak256, parseAbiItem, parseUnits, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { formatAmount, parseAmount, type Atoms } from '../../core/amount';
import type { Core } from '../../core/core';
import { shanghaiDayStart } from '../../core/withdrawals/state';
import type { Clock } from '../../lib/time';
import type { EvmAssets } from './evm-source';
import type { HotWalletRepository, HotWalletSendRow, SendableWithdrawal } from './hot-wallet-repository';

const TRANSFER = parseAbiItem('function transfer(address to, uint256 value) returns (bool)');
const DECIMALS = parseAbiItem('function decimals() view returns (uint8)');

export interface HotWalletPolicy {
  /** 0x and 64 hex digits: the hot wallet's private key */
  privateKey: Hex;
  /** send approved withdrawals without an operator; off: only follow what was sent */
  autoSend: boolean;
  /** a withdrawal worth more (USDT) is left to the operators; so is one without a USDT value */
  maxWithdrawalUsdt: Atoms;
  /** what the hot wallet sends in a day (Asia/Shanghai), in USDT value */
  dayLimitUsdt: Atoms;
  /** the highest fee per gas the sender offers (wei); a replacement never goes above it */
  maxFeePerGasWei: bigint;
  /** the tip offered to the block producer (wei) */
  priorityFeeWei: bigint;
  /** a transaction not mined after this long is replaced (same nonce, fees raised by a quarter) */
  stuckAfterMs: number;
  /** confirmations before a withdrawal is marked paid */
  confirmations: number;
}

export interface SenderEvents {
  warn(message: string, detail: Record<string, unknown>): void;
}

/** Raised by a quarter: above the 10 % most nodes require of a replacement. */
const bump = (wei: bigint) => (wei * 125n) / 100n + 1n;

/**
 * The hot wallet's sender for approved ETH and ERC-20 withdrawals.
 *
 * Each withdrawal it takes gets a nonce of the hot wallet's, recorded (with the signed
 * transaction) before it is broadcast; a replacement of a stuck one keeps that nonce with higher
 * fees, so only one of its transactions can ever be mined and the withdrawal is never paid twice.
 * The withdrawal's state changes through the core: `chain_sent` records each hash (the user's
 * records show it), `chain_success` once the mined one has the confirmations (the frozen amount
 * leaves), `chain_returned` when none can pay any more (its nonce was taken by another
 * transaction, or it reverted): the withdrawal is back in the operators' queue, approved without
 * a hash, and the sender never takes it again.
 */
export class HotWalletSender {
  readonly account: PrivateKeyAccount;
  private tokens: Map<number, { contract: Hex; decimals: number }> | undefined;
  private native: number | undefined;
  private chainId: number | undefined;

  constructor(
    private readonly client: PublicClient,
    private readonly core: Core,
    private readonly sends: HotWalletRepository,
    private readonly assets: () => Promise<EvmAssets>,
    private readonly policy: HotWalletPolicy,
    private readonly clock: Clock,
    private readonly events: SenderEvents,
    private readonly network = 'erc20',
  ) {
    this.account = privateKeyToAccount(policy.privateKey);
  }

  /** the pass running now, or the last one: passes never overlap */
  private passing: Promise<void> = Promise.resolve();

  /**
   * One pass: follows the pending sends, then (when switched on) sends what is approved. A pass
   * asked for while another runs starts after it: two at once would take one withdrawal or one
   * nonce twice (the second refused by the database, a failed pass).
   */
  step(): Promise<void> {
    const pass = this.passing.then(() => this.pass());
    this.passing = pass.catch(() => undefined);
    return pass;
  }

  private async pass(): Promise<void> {
    await this.resolve();
    const head = Number(await this.client.getBlockNumber({ cacheTime: 0 }));
    for (const send of await this.sends.pending(this.network)) await this.follow(send, head);
    if (this.policy.autoSend) {
      for (const withdrawal of await this.sends.sendable(this.network, 20)) await this.send(withdrawal);
    }
  }

  private async follow(send: HotWalletSendRow, head: number): Promise<void> {
    const hashes = send.tx_hashes.split(',') as Hex[];
    for (const hash of hashes) {
      const receipt = await this.client.getTransactionReceipt({ hash }).catch((error: unknown) => {
        if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') return undefined;
        throw error;
      });
      if (!receipt) continue;
      if (receipt.status !== 'success') {
        await this.returnToOperators(send, hash, `the hot wallet's transaction ${hash} reverted: nothing was paid`);
        return;
      }
      if (hash !== hashes.at(-1)) await this.review(send.withdrawal_id, 'chain_sent', hash, `mined: ${hash}`);
      if (head - Number(receipt.blockNumber) + 1 < this.policy.confirmations) return;
      await this.review(send.withdrawal_id, 'chain_success', hash, 'sent by the hot wallet');
      await this.sends.close(send.withdrawal_id, 'confirmed', hash, '');
      return;
    }
    // none mined: the nonce taken by another transaction means none ever will be
    const used = await this.client.getTransactionCount({ address: this.account.address, blockTag: 'latest' });
    if (used > send.nonce) {
      await this.returnToOperators(send, '', `dropped: the hot wallet's nonce ${send.nonce} was used by another transaction; nothing was paid`);
      return;
    }
    if (this.clock().getTime() - send.broadcast_at.getTime() < this.policy.stuckAfterMs) return;
    const maxFee = BigInt(send.max_fee_per_gas);
    if (maxFee >= this.policy.maxFeePerGasWei) {
      // at the fee ceiling: the same transaction again (a node that lost it hears of it anew)
      await this.broadcast(send.raw_tx as Hex);
      await this.sends.rebroadcast(send.withdrawal_id, this.clock());
      return;
    }
    const fees = { maxFeePerGas: min(bump(maxFee), this.policy.maxFeePerGasWei), maxPriorityFeePerGas: bump(BigInt(send.max_priority_fee_per_gas)) };
    if (fees.maxPriorityFeePerGas > fees.maxFeePerGas) fees.maxPriorityFeePerGas = fees.maxFeePerGas;
    const withdrawal = await this.withdrawalOf(send.withdrawal_id);
    if (!withdrawal) return;
    const raw = await this.sign(withdrawal, send.nonce, fees);
    const hash = keccak256(raw);
    await this.sends.replace(send.withdrawal_id, hash, raw, fees.maxFeePerGas, fees.maxPriorityFeePerGas, this.clock());
    await this.review(send.withdrawal_id, 'chain_sent', hash, `replaced (fees raised): ${hash}`);
    await this.broadcast(raw);
  }

  private async send(withdrawal: SendableWithdrawal): Promise<void> {
    const amount = parseAmount(withdrawal.amount) - parseAmount(withdrawal.fee);
    const value = withdrawal.usdt_value === null ? undefined : parseAmount(withdrawal.usdt_value);
    // above the per-withdrawal limit, unvalued, or past today's limit: the operators send it by hand
    if (value === undefined || value > this.policy.maxWithdrawalUsdt) return;
    if (!this.isAsset(withdrawal.currency_id)) return;
    const today = parseAmount(await this.sends.valueSince(this.network, shanghaiDayStart(this.clock())));
    if (today + value > this.policy.dayLimitUsdt) return;
    const nonce = Math.max(await this.client.getTransactionCount({ address: this.account.address, blockTag: 'pending' }), await this.sends.nextNonce(this.network, this.account.address));
    const fees = await this.fees();
    const raw = await this.sign(withdrawal, nonce, fees);
    const hash = keccak256(raw);
    const now = this.clock();
    // recorded before it is broadcast: a restart finds the nonce taken and follows this transaction
    await this.sends.insert({
      withdrawal_id: withdrawal.id,
      network: this.network,
      sender: this.account.address,
      nonce,
      currency_id: withdrawal.currency_id,
      amount: formatAmount(amount),
      usdt_value: formatAmount(value),
      tx_hashes: hash,
      raw_tx: raw,
      max_fee_per_gas: fees.maxFeePerGas.toString(),
      max_priority_fee_per_gas: fees.maxPriorityFeePerGas.toString(),
      created_at: now,
      broadcast_at: now,
    });
    await this.review(withdrawal.id, 'chain_sent', hash, `sent by the hot wallet: ${hash}`);
    await this.broadcast(raw);
  }

  private async sign(withdrawal: SendableWithdrawal, nonce: number, fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }): Promise<Hex> {
    const amount = formatAmount(parseAmount(withdrawal.amount) - parseAmount(withdrawal.fee));
    const to = getAddress(withdrawal.address);
    const token = this.tokens?.get(withdrawal.currency_id);
    const common = { chainId: this.chainId!, nonce, type: 'eip1559' as const, ...fees };
    if (token) {
      return this.account.signTransaction({
        ...common,
        to: token.contract,
        gas: 100_000n,
        data: encodeFunctionData({ abi: [TRANSFER], functionName: 'transfer', args: [to, parseUnits(amount, token.decimals)] }),
      });
    }
    return this.account.signTransaction({ ...common, to, gas: 21_000n, value: parseUnits(amount, 18) });
  }

  /** The network's fees now, the fee cap kept: twice the base fee plus the tip. */
  private async fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const block = await this.client.getBlock({ blockTag: 'latest' });
    const base = block.baseFeePerGas ?? 0n;
    const maxPriorityFeePerGas = this.policy.priorityFeeWei;
    const maxFeePerGas = min(base * 2n + maxPriorityFeePerGas, this.policy.maxFeePerGasWei);
    return { maxFeePerGas, maxPriorityFeePerGas: min(maxPriorityFeePerGas, maxFeePerGas) };
  }

  private async broadcast(raw: Hex): Promise<void> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw });
    } catch (error) {
      // known already, or its nonce taken: the next pass reads the outcome from the chain
      this.events.warn('hot wallet broadcast refused by the node', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  private async returnToOperators(send: HotWalletSendRow, hash: string, note: string): Promise<void> {
    await this.review(send.withdrawal_id, 'chain_returned', '', note);
    await this.sends.close(send.withdrawal_id, 'returned', hash, note);
    this.events.warn('hot wallet withdrawal back to the operators', { withdrawalId: send.withdrawal_id, note });
  }

  private async review(withdrawalId: number, decision: 'chain_sent' | 'chain_success' | 'chain_returned', txHash: string, note: string): Promise<void> {
    await this.core
      .execute({ kind: 'withdraw_review', key: `withdrawal:${withdrawalId}:${decision}:${txHash}`, withdrawalId, decision, txHash, note })
      .catch((error: unknown) => {
        // a withdrawal an operator settled meanwhile: nothing left to record
        if (error instanceof Error && error.message === 'order already handled') return;
        throw error;
      });
  }

  private async withdrawalOf(id: number): Promise<SendableWithdrawal | undefined> {
    const row = await this.sends.withdrawal(id);
    return row;
  }

  private isAsset(currencyId: number): boolean {
    return currencyId === this.native || (this.tokens?.has(currencyId) ?? false);
  }

  private async resolve(): Promise<void> {
    if (this.tokens) return;
    this.chainId = await this.client.getChainId();
    const assets = await this.assets();
    const tokens = new Map<number, { contract: Hex; decimals: number }>();
    for (const token of assets.tokens) {
      const contract = getAddress(token.contract);
      const decimals = token.decimals ?? Number(await this.client.readContract({ address: contract, abi: [DECIMALS], functionName: 'decimals' }));
      tokens.set(token.currencyId, { contract, decimals });
    }
    this.native = assets.nativeCurrencyId;
    this.tokens = tokens;
  }
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
