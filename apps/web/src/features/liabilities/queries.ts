import { useQuery } from '@tanstack/react-query';
import { liabilityApi } from '../../api';

/** The published proof-of-liabilities snapshots, newest first (public). */
export function useLiabilitySnapshots() {
  return useQuery({ queryKey: ['liabilities', 'snapshots'], queryFn: ({ signal }) => liabilityApi.snapshots({ signal }) });
}
