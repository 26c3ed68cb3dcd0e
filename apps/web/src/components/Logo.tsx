import { clsx } from 'clsx';

/** The Tessera mark (four tiles) and word mark. The name is a brand: never translated. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={clsx('inline-flex items-center gap-2 font-semibold tracking-tight text-fg', className)}>
      <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="shrink-0">
        <rect width="32" height="32" rx="8" className="fill-brand" />
        <g fill="#fff">
          <rect x="8" y="8" width="7" height="7" rx="1.5" />
          <rect x="17" y="8" width="7" height="7" rx="1.5" opacity=".55" />
          <rect x="8" y="17" width="7" height="7" rx="1.5" opacity=".55" />
          <rect x="17" y="17" width="7" height="7" rx="1.5" />
        </g>
      </svg>
      <span className={clsx('text-[1.0625rem] leading-none', compact && 'max-[399px]:sr-only')} dir="ltr">
        Tessera
      </span>
    </span>
  );
}
