/** Proof of liabilities: the published snapshots (public) and each user's own proof (assets area). */
export { LiabilitiesPage } from './LiabilitiesPage';
export { ProofPage } from './ProofPage';
