import { useMemo } from 'react';
import { configApi } from '../../api';

/** The QR image of an address (`GET /api/qrcode?text=`), a PNG drawn by the server. */
export function AddressQr({ address, label, testId }: { address: string; label: string; testId: string }) {
  // The URL carries a cache-busting stamp: keep one per address, not one per render.
  const src = useMemo(() => configApi.qrcodeUrl(address), [address]);
  return (
    <div className="grid size-36 shrink-0 place-items-center rounded-lg border border-line bg-white p-2">
      <img src={src} alt={label} width={128} height={128} data-testid={testId} className="size-32" />
    </div>
  );
}

/** An address as text: left to right in every language, wrapped anywhere, selectable. */
export function AddressText({ address, testId }: { address: string; testId: string }) {
  return (
    <p data-testid={testId} dir="ltr" className="num rounded-md border border-line bg-sunken px-3 py-2.5 text-start text-[0.8125rem] break-all text-fg select-all">
      {address}
    </p>
  );
}
