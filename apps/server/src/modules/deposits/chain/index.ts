/** Deposit-address derivation and withdrawal-address validation, per network. */
export { NETWORKS, activeOf, isNetwork, networkNamedBy, type Network } from './networks';
export {
  DEVELOPMENT_MNEMONIC,
  deriveDepositAddress,
  developmentDepositKeys,
  extendedKeyMaterial,
  isDevelopmentDepositKey,
  parseDepositKeys,
  type DepositKeys,
  type ParsedDepositKeys,
} from './derive';
export { detectNetwork, isValidAddress, isValidTxHash, normalizeTxHash, sameAddress, toChecksumAddress } from './validate';
