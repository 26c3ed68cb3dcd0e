interface BalanceRow {
  /** whose balance, when the table holds several accounts */
  account?: string;
  currency: string;
  wallet: string;
  available: string;
  locked: string;
}

/** Balances, one row per currency and wallet, with the account column when the rows are of several accounts. */
export function BalancesTable({ rows, label, withAccount = false }: { rows: readonly BalanceRow[]; label: string; withAccount?: boolean }) {
  return (
    <table className="bo-table" aria-label={label}>
      <thead>
        <tr>
          {withAccount && <th>account</th>}
          <th>currency</th>
          <th>wallet</th>
          <th>available</th>
          <th>locked</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.account ?? ''}-${row.currency}-${row.wallet}`}>
            {withAccount && <td>{row.account}</td>}
            <td>{row.currency}</td>
            <td>{row.wallet}</td>
            <td>{row.available}</td>
            <td>{row.locked}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
