import type { LiabilityProof, LiabilitySnapshotItem, Paged } from '@tessera/protocol';
import { call, type RequestOptions } from './client';

/** Published snapshots are read by the page size at most: every root a proof may be checked against. */
const SNAPSHOTS_SHOWN = 100;

/** Proof of liabilities: the published snapshots (anyone), and the caller's own proof. */
export const liabilityApi = {
  snapshots: (options?: RequestOptions) => call<Paged<LiabilitySnapshotItem>>('GET', 'liabilities', { page: 1, limit: SNAPSHOTS_SHOWN }, options),
  proof: (snapshotId: number, currencyId: number, options?: RequestOptions) =>
    call<LiabilityProof>('GET', 'liabilities/proof', { id: snapshotId, currency: currencyId }, options),
};
