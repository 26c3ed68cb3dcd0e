import { clsx } from 'clsx';
import { useState } from 'react';

/** The coin's logo, or its first letter on a tinted disc when there is no logo (or it fails). */
export function PairIcon({ logo, name, size = 20, className }: { logo: string; name: string; size?: number; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (logo && !failed) {
    return (
      <img
        src={logo}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        onError={() => setFailed(true)}
        className={clsx('shrink-0 rounded-full bg-raised object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.48 }}
      className={clsx('inline-grid shrink-0 place-items-center rounded-full bg-brand-soft font-semibold text-brand', className)}
    >
      {name.slice(0, 1)}
    </span>
  );
}
