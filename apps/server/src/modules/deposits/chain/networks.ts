/**
 * The chains the exchange takes deposits on and sends withdrawals to.
 *
 * A network is the chain an address lives on, not the asset: ETH, USDT-ERC20
 * and USDC-ERC20 all share `erc20` addresses, which is why deposit addresses are
 * derived per network rather than per currency.
 */
export const NETWORKS = ['btc', 'erc20', 'trc20'] as const;

export type Network = (typeof NETWORKS)[number];

/** Narrows untrusted input (a request body, a database column) to a Network. */
export function isNetwork(value: unknown): value is Network {
  return typeof value === 'string' && (NETWORKS as readonly string[]).includes(value);
}

/** `active` as the screens send and read it for USDT: 0 ERC20, 1 TRC20. */
export function networkNamedBy(active: string | undefined): Network | undefined {
  return active === '0' ? 'erc20' : active === '1' ? 'trc20' : undefined;
}

export const activeOf = (network: string): 0 | 1 => (network === 'trc20' ? 1 : 0);
