import { DEPOSIT_STATUS } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { formatAmount, hasAtMostDecimals, parseAmount, tryParseAmount, type Atoms } from '../../core/amount';
import type { Core } from '../../core/core';
import { formatTimestamp, type Clock } from '../../lib/time';
import type { Turns } from '../../db/turns';
import { paged, pageOf, type PageRequest } from '../../lib/paging';
import { floorDecimal } from '@tessera/protocol';
import type { Notify } from '../notifications/kinds';
import { storedUploadUrl, type UploadService } from '../uploads/service';
import type { ChainGate } from '../wallets/chain-gate';
import type { WalletCurrencyRow, WalletRepository } from '../wallets/repository';
import { isNetwork, isValidTxHash, NETWORKS, networkNamedBy, normalizeTxHash, sameAddress, type Network } from './chain';
import type { AddressSet, DepositAddressService } from './address-service';
import type { DepositRepository, DepositRequestRow } from './repository';
import type { ChainDeposit } from './watcher';

export interface ManualDepositInput {
  currency?: number;
  acc?: string;
  hash?: string;
  amount?: string;
  pic?: string;
  active?: string;
  /** where the money went: only the company address is accepted (the default) */
  address?: string;
  /** the output of the transaction that paid it (UTXO output index or log index); 0 by default */
  index?: number;
}

export interface DepositDecision {
  /** true when this call credited the deposit; false when it had been credited before */
  applied: boolean;
  status: number;
  credited: string;
}

/** The USDT network a client names with `active`: 0 ERC20, 1 TRC20. */
function networkOf(currency: WalletCurrencyRow, active: string | undefined): Network {
  const wanted = networkNamedBy(active) ?? currency.networks[0];
  if (!isNetwork(wanted) || !currency.networks.includes(wanted)) refuse('parameter error');
  return wanted;
}

/**
 * The core's idempotency key of a deposit: one credit per output of a transaction (UTXO output
 * index, or log index of a token transfer), however often it is confirmed or reported.
 */
export const depositKey = (network: string, txHash: string, outputIndex: number) =>
  `deposit:${network}:${normalizeTxHash(txHash)}:${outputIndex}`;

/** The largest output index a deposit can name (the column is a 32-bit integer). */
export const MAX_OUTPUT_INDEX = 2_147_483_647;

/** What a claim closed by the chain's report of its output says to the operator. */
const SUPERSEDED_NOTE = 'superseded: the chain reported this output to a user deposit address';

/**
 * Deposits: addresses derived per user, manual requests with a proof image, and
 * crediting, which happens only when an operator confirms a request or the chain watcher reports
 * a transfer. Both go through the core under the output's key, so an output is credited once.
 *
 * Every step that writes or decides the request of one output (a claim, a confirmation, a
 * rejection, a chain report) runs after the previous one on that output has finished, in every
 * process (a turn taken in the database), so a claim cannot be superseded between its credit and
 * its status update.
 */
export class DepositService {
  constructor(
    private readonly core: Core,
    private readonly deposits: DepositRepository,
    private readonly wallets: WalletRepository,
    private readonly addresses: DepositAddressService,
    private readonly uploads: UploadService,
    private readonly gate: ChainGate,
    /** one decision at a time per output */
    private readonly outputs: Turns,
    private readonly clock: Clock,
    /** tells the user a deposit was credited */
    private readonly notify: Notify = async () => {},
  ) {}

  /** wallet/get_in_address(s): the caller's addresses; the currency, if named, must take deposits. */
  async depositAddresses(userId: number, currencyId: number | undefined) {
    await this.gate.check(userId);
    const currencies = await this.wallets.currencies();
    if (currencyId !== undefined && !currencies.some((currency) => currency.id === currencyId && currency.can_deposit)) {
      refuse('this currency cannot be deposited');
    }
    const own = await this.addresses.ofUser(userId);
    const named = currencies.find((currency) => currency.id === currencyId);
    return {
      address: legacyAddressText(named ? named.networks.filter(isNetwork) : [...NETWORKS], own),
      btc: own.btc,
      eth: own.erc20,
      usdt: own.trc20,
      erc: own.erc20,
      usdt_erc20: own.erc20,
      list: listFor(currencies, own).map(({ currency_id, type, address }) => ({ id: currency_id, type, address })),
    };
  }

  /** money/rechange: where manual deposits are sent. */
  async companyAddresses() {
    const company = this.addresses.company();
    const currencies = await this.wallets.currencies();
    return {
      company_eth_address: company.erc20,
      company_btc_address: company.btc,
      company_trc20_address: company.trc20,
      list: listFor(currencies, company).map((item) => ({
        currency_id: item.currency_id,
        title: item.type,
        address: item.address,
        qrcode: `/api/qrcode?text=${encodeURIComponent(item.address)}`,
        tips: `Send only ${item.type} to this address, then submit the transaction hash and a screenshot.`,
      })),
    };
  }

  /**
   * wallet/charge_req: a manual deposit, waiting for an operator; every field (currency,
   * address, transaction hash, amount, proof image) is required. Only a transfer to the company address can be claimed: one to a user's derived
   * address is the chain watcher's to report, and one anywhere else is not the platform's money.
   */
  async submitManual(userId: number, input: ManualDepositInput): Promise<void> {
    await this.gate.check(userId);
    if (!input.currency || !input.acc || !input.hash || !input.amount || !input.pic) refuse('parameter error');
    const currency = await this.wallets.currency(input.currency);
    if (!currency) refuse('currency not found');
    if (!currency.can_deposit) refuse('this currency cannot be deposited');
    const network = networkOf(currency, input.active);
    const amount = this.amountIn(currency, input.amount);
    if (!isValidTxHash(network, input.hash)) refuse('transaction hash is not valid');
    const outputIndex = input.index ?? 0;
    if (outputIndex > MAX_OUTPUT_INDEX) refuse('parameter error');
    const company = this.addresses.company()[network];
    if (input.address && !sameAddress(network, input.address, company)) {
      if (await this.deposits.depositAddress(network, input.address)) refuse('deposits to a personal address are credited automatically');
      refuse('manual deposits are accepted only for the company address');
    }
    if (!(await this.uploads.ownedBy(userId, input.pic))) refuse('photo not found, upload it again');
    const txHash = normalizeTxHash(input.hash);
    const created = await this.outputs.run(outputKey(network, txHash, outputIndex), () =>
      this.deposits.insert({
        userId,
        currencyId: currency.id,
        network,
        source: 'manual',
        fromAccount: input.acc ?? '',
        txHash,
        outputIndex,
        toAddress: company,
        amount: formatAmount(amount),
        proofUrl: storedUploadUrl(input.pic),
      }),
    );
    if (!created) refuse('transaction already submitted');
    await this.uploads.markReferenced(userId, [input.pic]);
  }

  /**
   * An operator confirms a request: the core credits the change wallet once per output. The
   * operator names the output they checked on chain (`outputIndex`); it must be the request's.
   */
  async confirm(requestId: number, reviewerId: number | null, amountText?: string, outputIndex?: number): Promise<DepositDecision> {
    const request = await this.deposits.find(requestId);
    if (!request) refuse('data not found');
    return this.outputs.run(outputKey(request.network, request.tx_hash, request.output_index), () =>
      this.confirmNow(requestId, reviewerId, amountText, outputIndex),
    );
  }

  /**
   * What confirming a request would credit, for the two-operator check before it: the request and
   * the amount (the operator's correction, else the claim), checked as a confirmation checks it.
   */
  async confirmation(requestId: number, amountText?: string): Promise<{ request: DepositRequestRow; amount: Atoms; claimed: Atoms }> {
    const request = await this.deposits.find(requestId);
    if (!request) refuse('data not found');
    const currency = await this.wallets.currency(request.currency_id);
    if (!currency) refuse('currency not found');
    const claimed = parseAmount(request.amount);
    return { request, amount: amountText === undefined ? claimed : this.amountIn(currency, amountText), claimed };
  }

  async reject(requestId: number, reviewerId: number, note: string): Promise<void> {
    const request = await this.deposits.find(requestId);
    if (!request) refuse('data not found');
    const decided = await this.outputs.run(outputKey(request.network, request.tx_hash, request.output_index), () =>
      this.deposits.decide(Number(request.id), DEPOSIT_STATUS.rejected, reviewerId, note, null, this.clock()),
    );
    if (!decided) refuse('order already handled');
  }

  /**
   * An output the chain watcher saw paying a user's derived address: recorded and credited at
   * once to that address's owner. A pending manual claim of the same output is superseded
   * (closed as rejected, `superseded_by` naming this deposit): the chain says where the money
   * went, so the claim cannot be right. An output already credited is never credited again.
   */
  async creditChainDeposit(deposit: ChainDeposit): Promise<DepositDecision> {
    const currency = await this.wallets.currency(deposit.currencyId);
    if (!currency?.can_deposit || !currency.networks.includes(deposit.network)) refuse('this currency cannot be deposited');
    if (!isValidTxHash(deposit.network, deposit.txHash)) refuse('transaction hash is not valid');
    const holder = await this.deposits.depositAddress(deposit.network, deposit.address);
    if (!holder) refuse('address wrong');
    const amount = this.amountIn(currency, deposit.amount);
    const txHash = normalizeTxHash(deposit.txHash);
    const fresh = {
      userId: holder.user_id,
      currencyId: currency.id,
      network: deposit.network,
      source: 'chain' as const,
      fromAccount: '',
      txHash,
      outputIndex: deposit.outputIndex,
      toAddress: holder.address,
      amount: formatAmount(amount),
      proofUrl: '',
    };
    return this.outputs.run(outputKey(deposit.network, txHash, deposit.outputIndex), async () => {
      let request = await this.deposits.findLiveByOutput(deposit.network, txHash, deposit.outputIndex);
      if (request?.source === 'manual' && request.status === DEPOSIT_STATUS.pending) {
        request = await this.deposits.supersede(Number(request.id), fresh, SUPERSEDED_NOTE, this.clock());
      } else if (!request) {
        request = await this.deposits.insert(fresh);
      }
      if (!request) refuse('please retry');
      // a live request of another user: a claim an operator already credited (the operator
      // settles it by hand), or an address that changed hands
      if (request.user_id !== holder.user_id) refuse('transaction already submitted');
      return this.confirmNow(Number(request.id), null);
    });
  }

  /** Confirms a request; the caller runs it in the output's turn. */
  private async confirmNow(requestId: number, reviewerId: number | null, amountText?: string, outputIndex?: number): Promise<DepositDecision> {
    const request = await this.deposits.find(requestId);
    if (!request) refuse('data not found');
    if (request.status === DEPOSIT_STATUS.rejected) refuse('order already handled');
    if (outputIndex !== undefined && outputIndex !== request.output_index) refuse('output index does not match the deposit');
    const currency = await this.wallets.currency(request.currency_id);
    if (!currency) refuse('currency not found');
    const amount = amountText === undefined ? parseAmount(request.credited_amount ?? request.amount) : this.amountIn(currency, amountText);
    const result = await this.core.execute({
      kind: 'adjust',
      key: depositKey(request.network, request.tx_hash, request.output_index),
      userId: request.user_id,
      currencyId: request.currency_id,
      wallet: 'change',
      amount,
      reason: 'deposit',
      reference: `deposit:${request.id}`,
      // the request's status is durable with the credit, in the same batch
      deposit: { requestId: Number(request.id), reviewerId, creditedAmount: formatAmount(amount), at: this.clock().toISOString() },
    });
    // a credit made before the status travelled with it (an older version): record the decision
    await this.deposits.decide(Number(request.id), DEPOSIT_STATUS.confirmed, reviewerId, '', formatAmount(amount), this.clock());
    if (result.applied) await this.notify(request.user_id, 'deposit_credited', { amount: formatAmount(amount), currency: currency.name, id: Number(request.id) });
    const after = await this.deposits.find(Number(request.id));
    const credited = after?.credited_amount ? parseAmount(after.credited_amount) : amount;
    return { applied: result.applied, status: after?.status ?? DEPOSIT_STATUS.confirmed, credited: formatAmount(credited) };
  }

  async records(userId: number, currencyId: number | undefined, page: PageRequest) {
    const [{ rows, total }, names] = await Promise.all([
      pageOf(page, (limit, offset) => this.deposits.listOfUser(userId, currencyId, limit, offset)),
      this.wallets.names(),
    ]);
    return paged(rows.map((row) => record(row, names)), total, page);
  }

  async forOperator(status: number | undefined, page: PageRequest) {
    const [{ rows, total }, names] = await Promise.all([
      pageOf(page, (limit, offset) => this.deposits.listByStatus(status, limit, offset)),
      this.wallets.names(),
    ]);
    return paged(
      rows.map((row) => ({
        ...record(row, names),
        user_id: row.user_id,
        user_account: row.account,
        from_account: row.from_account,
        to_address: row.to_address,
        output_index: row.output_index,
        superseded_by: row.superseded_by === null ? null : Number(row.superseded_by),
        proof_url: row.proof_url,
        credited_amount: row.credited_amount,
        review_note: row.review_note,
      })),
      total,
      page,
    );
  }

  private amountIn(currency: WalletCurrencyRow, text: string): Atoms {
    const amount = tryParseAmount(text);
    if (amount === undefined || !hasAtMostDecimals(amount, currency.decimals)) refuse('parameter error');
    if (amount <= 0n) refuse('amount must be greater than zero');
    return amount;
  }
}

/** The turn key of one output: every decision on it waits for the one before. */
const outputKey = (network: string, txHash: string, outputIndex: number) => `deposit-output:${network}:${normalizeTxHash(txHash)}:${outputIndex}`;
/**
 * The addresses as old deposit screens read them: `CHAIN:address` pairs joined by commas
 * (`ERC20:0x…,TRC20:T…`), the chain being the network's name in capitals.
 */
export function legacyAddressText(networks: readonly Network[], addresses: AddressSet): string {
  return networks.map((network) => `${network.toUpperCase()}:${addresses[network]}`).join(',');
}

/** The deposit routes of each currency: BTC, ETH, USDT on TRC20 and ERC20, USDC on ERC20. */
function listFor(currencies: WalletCurrencyRow[], addresses: AddressSet) {
  return currencies
    .filter((currency) => currency.can_deposit)
    .flatMap((currency) =>
      currency.networks.filter(isNetwork).map((network) => ({
        currency_id: currency.id,
        type: currency.networks.length > 1 || currency.currency_type === 'erc20' ? `${currency.name}-${network.toUpperCase()}` : currency.name,
        address: addresses[network],
      })),
    );
}

function record(row: DepositRequestRow, names: Map<number, string>) {
  return {
    id: Number(row.id),
    currency: row.currency_id,
    currency_name: names.get(row.currency_id) ?? '',
    network: row.network,
    amount: floorDecimal(row.credited_amount ?? row.amount, 8),
    hash: row.tx_hash,
    status: row.status,
    source: row.source,
    created_time: formatTimestamp(row.created_at),
  };
}
