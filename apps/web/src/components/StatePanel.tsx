import { clsx } from 'clsx';
import type { ReactNode } from 'react';

interface StatePanelProps {
  icon: ReactNode;
  eyebrow?: string;
  title: string;
  body?: ReactNode;
  actions?: ReactNode;
  className?: string;
  tone?: 'neutral' | 'brand' | 'danger';
  testId?: string;
  /** The heading level: `h1` when the panel is the whole page. */
  as?: 'h1' | 'h2' | 'h3';
}

const toneRing = {
  neutral: 'bg-raised text-muted',
  brand: 'bg-brand-soft text-brand',
  danger: 'bg-danger-soft text-down',
};

/** An empty, error, not-found or "not available yet" state: an icon, a title, a line and actions. */
export function StatePanel({
  icon,
  eyebrow,
  title,
  body,
  actions,
  className,
  tone = 'neutral',
  testId,
  as: Heading = 'h2',
}: StatePanelProps) {
  return (
    <div
      data-testid={testId}
      className={clsx('mx-auto flex max-w-md flex-col items-center px-4 py-12 text-center', className)}
    >
      <div className={clsx('mb-5 grid size-14 place-items-center rounded-2xl', toneRing[tone])}>{icon}</div>
      {eyebrow && <p className="mb-2 text-xs font-semibold tracking-wide text-brand uppercase">{eyebrow}</p>}
      <Heading className="text-xl font-semibold text-fg">{title}</Heading>
      {body && <div className="mt-2 text-sm leading-relaxed text-muted">{body}</div>}
      {actions && <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{actions}</div>}
    </div>
  );
}
