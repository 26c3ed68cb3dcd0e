import { freePort } from './free-port';
import ganache from 'ganache';
import { createTestClient, createWalletClient, defineChain, getAddress, http, publicActions, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import token from './fixtures/test-token.json' with { type: 'json' };

export const TOKEN_ABI = token.abi;

/** The node's funded accounts (1,000 ETH each): keys made for these tests, public. */
export const GANACHE_KEYS = [
  '0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7bf21715b23b1',
  '0x6cbed15c793ce57650b9877cf6fa156fbef513c4e6134f022a85b1ffdd59b2a1',
  '0x6370fd033278c143179d81c5526140625662b8daa446c22ee2d73db3707e620c',
  '0x646f1ce2fdad0e6deeeb5c7e8e5543bdde65e86029e2fd9fc169899c440a7913',
] as const;

/**
 * A real Ethereum node (Ganache, from the npm registry) on a loopback port: deterministic funded
 * accounts, a block mined per transaction, and the test calls evm_mine, evm_snapshot and
 * evm_revert.
 */
export async function startEvmNode() {
  const port = await freePort();
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: 1337 },
    wallet: { accounts: GANACHE_KEYS.map((secretKey) => ({ secretKey, balance: '0x3635c9adc5dea00000' })) },
    miner: { instamine: 'eager' },
  });
  await server.listen(port, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  const client = createTestClient({ mode: 'ganache', transport: http(url) }).extend(publicActions);
  const accounts = (await client.request({ method: 'eth_accounts' } as never)) as Address[];
  const signer = privateKeyToAccount(GANACHE_KEYS[0]);
  const funder = signer.address;
  const chain = defineChain({ id: 1337, name: 'ganache', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } });
  const wallet = createWalletClient({ account: signer, transport: http(url), chain });

  const waitFor = (hash: Hex) => client.waitForTransactionReceipt({ hash, pollingInterval: 20 });

  return {
    url,
    chain,
    client,
    wallet,
    accounts: accounts.map((account) => getAddress(account)),
    funder,
    async height(): Promise<number> {
      return Number(await client.getBlockNumber({ cacheTime: 0 }));
    },
    async mine(blocks: number): Promise<void> {
      for (let i = 0; i < blocks; i += 1) await client.request({ method: 'evm_mine', params: [] } as never);
    },
    snapshot: () => client.request({ method: 'evm_snapshot', params: [] } as never) as Promise<Hex>,
    async revert(id: Hex): Promise<void> {
      await client.request({ method: 'evm_revert', params: [id] } as never);
    },
    /** Sends ETH (in wei) and answers the mined transaction's hash and block. */
    async sendEth(to: Address, wei: bigint) {
      const hash = await wallet.sendTransaction({ to, value: wei });
      const receipt = await waitFor(hash);
      return { hash, block: Number(receipt.blockNumber) };
    },
    /** Deploys the fixture ERC-20 (source beside its bytecode) with `decimals` and a supply for the funder. */
    async deployToken(decimals: number, supply: bigint): Promise<Address> {
      const hash = await wallet.deployContract({ abi: TOKEN_ABI, bytecode: token.bytecode as Hex, args: [decimals, supply] });
      const receipt = await waitFor(hash);
      if (!receipt.contractAddress) throw new Error('token not deployed');
      return getAddress(receipt.contractAddress);
    },
    /** Token transfers in one transaction: one Transfer log per receiver. */
    async sendTokens(contract: Address, transfers: { to: Address; amount: bigint }[]) {
      const hash =
        transfers.length === 1
          ? await wallet.writeContract({ address: contract, abi: TOKEN_ABI, functionName: 'transfer', args: [transfers[0]!.to, transfers[0]!.amount] })
          : await wallet.writeContract({
              address: contract,
              abi: TOKEN_ABI,
              functionName: 'transferMany',
              args: [transfers.map((item) => item.to), transfers.map((item) => item.amount)],
              chain: null,
            });
      const receipt = await waitFor(hash);
      return { hash, block: Number(receipt.blockNumber), logs: receipt.logs };
    },
    async tokenBalance(contract: Address, owner: Address): Promise<bigint> {
      return (await client.readContract({ address: contract, abi: TOKEN_ABI, functionName: 'balanceOf', args: [owner] })) as bigint;
    },
    close: () => server.close(),
  };
}

export type EvmNode = Awaited<ReturnType<typeof startEvmNode>>;
