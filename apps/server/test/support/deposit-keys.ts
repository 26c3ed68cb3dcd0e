import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';

/** A second public test mnemonic (BIP39 vectors): keys that are valid but not the development ones. */
const OTHER_MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

/** Environment with operator deposit keys, for servers started with NODE_ENV=production. */
export function productionDepositEnv(): Record<string, string> {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(OTHER_MNEMONIC));
  const xpub = (path: string) => root.derive(path).publicExtendedKey;
  return {
    DEPOSIT_XPUB_BTC: xpub("m/84'/0'/0'"),
    DEPOSIT_XPUB_ETH: xpub("m/44'/60'/0'"),
    DEPOSIT_XPUB_TRON: xpub("m/44'/195'/0'"),
  };
}
