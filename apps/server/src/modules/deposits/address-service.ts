import { deriveDepositAddress, type Network, type ParsedDepositKeys } from './chain';
import type { DepositRepository } from './repository';

export type AddressSet = Record<Network, string>;

const NETWORKS: Network[] = ['btc', 'erc20', 'trc20'];
/** Index 0 of each key is the company's own address (manual deposits); users take their id. */
const COMPANY_INDEX = 0;

/**
 * Deposit addresses: derived from the operator's extended public keys, so the server never holds
 * a private key and the same user always gets the same address. Each is stored once so that a
 * chain watcher can find whose deposit it sees.
 */
export class DepositAddressService {
  constructor(
    private readonly keys: ParsedDepositKeys,
    private readonly deposits: DepositRepository,
  ) {}

  async ofUser(userId: number): Promise<AddressSet> {
    const saved = await this.deposits.addressesOf(userId);
    const result = {} as AddressSet;
    for (const network of NETWORKS) {
      const known = saved.get(network);
      if (known) {
        result[network] = known;
        continue;
      }
      const address = deriveDepositAddress(this.keys, network, userId);
      await this.deposits.saveAddress(userId, network, address, userId);
      result[network] = address;
    }
    return result;
  }

  company(): AddressSet {
    return {
      btc: deriveDepositAddress(this.keys, 'btc', COMPANY_INDEX),
      erc20: deriveDepositAddress(this.keys, 'erc20', COMPANY_INDEX),
      trc20: deriveDepositAddress(this.keys, 'trc20', COMPANY_INDEX),
    };
  }
}
