import { useApi } from '../api';

interface SavedAddress {
  id: number;
  currency_name?: string;
  network?: string;
  address: string;
  memo?: string;
  notes?: string;
  [key: string]: unknown;
}

/** A user's saved withdrawal addresses: is the destination one they saved before? */
export function AddressBook({ userId, highlight }: { userId: number; highlight?: string }) {
  const { data, error } = useApi<{ list: SavedAddress[] }>(`/users/${userId}/addresses`);
  if (error) return <p className="text-down">{error}</p>;
  if (!data) return <p className="text-muted">Loading…</p>;
  if (data.list.length === 0) return <p className="text-[0.8125rem] text-muted">No saved addresses.</p>;
  return (
    <table className="bo-table" aria-label="Address book">
      <thead>
        <tr>
          <th>currency</th>
          <th>network</th>
          <th>address</th>
          <th>notes</th>
        </tr>
      </thead>
      <tbody>
        {data.list.map((row) => (
          <tr key={row.id} className={row.address === highlight ? 'text-up' : undefined}>
            <td>{String(row.currency_name ?? '')}</td>
            <td>{String(row.network ?? '')}</td>
            <td className="font-mono">{row.address}</td>
            <td>{String(row.notes ?? '')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
