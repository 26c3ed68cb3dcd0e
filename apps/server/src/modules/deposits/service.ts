import { DEPOSIT_STATUS } from '@tessera/protocol';
import { refuse } from '../../http/refusal';
import { formatAmount, hasAtMostDecimals, parseAmount, tryParseAmount, type Atoms } from '../../core/amount';
import type { Core } from '../../core/core';
import { formatTimestamp, type Clock } from '../../lib/time';
import { paged, pageOf, type PageRequest } from '../../lib/paging';
import { floorDecimal } from '@tessera/protocol';
import type { UploadService } from '../uploads/service';
import type { ChainGate } from '../wallets/chain-gate';
import type { WalletCurrencyRow, WalletRepository } from '../wallets/repository';
import { isNetwork, isValidTxHash, networkNamedBy, type Network } from './chain';
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

/** The core's idempotency key of a deposit: one credit per transaction, however often confirmed. */
export const depositKey = (network: string, txHash: string) => `deposit:${network}:${txHash.toLowerCase()}`;

/**
 * Deposits (spec 3 §5, §7): addresses derived per user, manual requests with a proof image, and
 * crediting, which happens only when an operator confirms a request or the chain watcher reports
 * a transfer. Both go through the core under the transaction's key, so a deposit is credited once.
 */
export class DepositService {
  constructor(
    private readonly core: Core,
    private readonly deposits: DepositRepository,
    private readonly wallets: WalletRepository,
    private readonly addresses: DepositAddressService,
    private readonly uploads: UploadService,
    private readonly gate: ChainGate,
    private readonly clock: Clock,
  ) {}

  /** wallet/get_in_address(s): the caller's addresses; the currency, if named, must take deposits. */
  async depositAddresses(userId: number, currencyId: number | undefined) {
    await this.gate.check(userId);
    const currencies = await this.wallets.currencies();
    if (currencyId !== undefined && !currencies.some((currency) => currency.id === currencyId && currency.can_deposit)) {
      refuse('this currency cannot be deposited');
    }
    const own = await this.addresses.ofUser(userId);
    return {
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

  /** wallet/charge_req: a manual deposit, waiting for an operator (spec 3 §5: every field required). */
  async submitManual(userId: number, input: ManualDepositInput): Promise<void> {
    await this.gate.check(userId);
    if (!input.currency || !input.acc || !input.hash || !input.amount || !input.pic) refuse('parameter error');
    const currency = await this.wallets.currency(input.currency);
    if (!currency) refuse('currency not found');
    if (!currency.can_deposit) refuse('this currency cannot be deposited');
    const network = networkOf(currency, input.active);
    const amount = this.amountIn(currency, input.amount);
    if (!isValidTxHash(network, input.hash)) refuse('transaction hash is not valid');
    if (!(await this.uploads.ownedBy(userId, input.pic))) refuse('photo not found, upload it again');
    const created = await this.deposits.insert({
      userId,
      currencyId: currency.id,
      network,
      source: 'manual',
      fromAccount: input.acc,
      txHash: input.hash,
      amount: formatAmount(amount),
      proofUrl: input.pic,
    });
    if (!created) refuse('transaction already submitted');
    await this.uploads.markReferenced(userId, [input.pic]);
  }

  /** An operator confirms a request: the core credits the change wallet once per transaction. */
  async confirm(requestId: number, reviewerId: number | null, amountText?: string): Promise<DepositDecision> {
    const request = await this.deposits.find(requestId);
    if (!request) refuse('data not found');
    if (request.status === DEPOSIT_STATUS.rejected) refuse('order already handled');
    const currency = await this.wallets.currency(request.currency_id);
    if (!currency) refuse('currency not found');
    const amount = amountText === undefined ? parseAmount(request.amount) : this.amountIn(currency, amountText);
    const result = await this.core.execute({
      kind: 'adjust',
      key: depositKey(request.network, request.tx_hash),
      userId: request.user_id,
      currencyId: request.currency_id,
      wallet: 'change',
      amount,
      reason: 'deposit',
      reference: `deposit:${request.id}`,
    });
    // after a crash between the credit and this line, a second confirmation finds the key spent
    // and only records the decision
    await this.deposits.decide(Number(request.id), DEPOSIT_STATUS.confirmed, reviewerId, '', formatAmount(amount), this.clock());
    const after = await this.deposits.find(Number(request.id));
    const credited = after?.credited_amount ? parseAmount(after.credited_amount) : amount;
    return { applied: result.applied, status: after?.status ?? DEPOSIT_STATUS.confirmed, credited: formatAmount(credited) };
  }

  async reject(requestId: number, reviewerId: number, note: string): Promise<void> {
    const request = await this.deposits.find(requestId);
    if (!request) refuse('data not found');
    if (!(await this.deposits.decide(Number(request.id), DEPOSIT_STATUS.rejected, reviewerId, note, null, this.clock()))) {
      refuse('order already handled');
    }
  }

  /** A transfer the chain watcher saw to a user's address: recorded and credited at once. */
  async creditChainDeposit(deposit: ChainDeposit): Promise<DepositDecision> {
    const currency = await this.wallets.currency(deposit.currencyId);
    if (!currency?.can_deposit || !currency.networks.includes(deposit.network)) refuse('this currency cannot be deposited');
    if (!isValidTxHash(deposit.network, deposit.txHash)) refuse('transaction hash is not valid');
    const owner = await this.deposits.ownerOfAddress(deposit.network, deposit.address);
    if (owner === undefined) refuse('address wrong');
    const amount = this.amountIn(currency, deposit.amount);
    const request =
      (await this.deposits.insert({
        userId: owner,
        currencyId: currency.id,
        network: deposit.network,
        source: 'chain',
        fromAccount: '',
        txHash: deposit.txHash,
        amount: formatAmount(amount),
        proofUrl: '',
      })) ?? (await this.deposits.findLiveByHash(deposit.network, deposit.txHash));
    if (!request) refuse('please retry');
    if (request.user_id !== owner) refuse('transaction already submitted');
    return this.confirm(Number(request.id), null, request.source === 'chain' ? undefined : formatAmount(amount));
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
