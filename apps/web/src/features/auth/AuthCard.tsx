import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckIcon, ChevronStartIcon } from '../../components/icons';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** A link above the title (back to the security settings). */
  back?: { to: string; label: string };
  testId?: string;
}

/** The frame of the sign-in and security screens: a centred card on the page's soft glow. */
export function AuthCard({ title, subtitle, children, back, testId }: AuthCardProps) {
  return (
    <div className="hero-glow flex flex-1 items-start justify-center px-3 py-8 sm:items-center sm:px-4 sm:py-16">
      <div data-testid={testId} className="w-full max-w-[26rem] rounded-2xl border border-line bg-surface p-5 sm:p-8">
        {back && (
          <Link
            to={back.to}
            className="mb-4 -ms-1 inline-flex items-center gap-1 rounded text-[0.8125rem] text-muted hover:text-fg"
          >
            <ChevronStartIcon size={16} className="rtl:-scale-x-100" />
            {back.label}
          </Link>
        )}
        <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
        {subtitle && <p className="mt-1.5 text-sm text-muted">{subtitle}</p>}
        <div className="mt-7">{children}</div>
      </div>
    </div>
  );
}

/** A refusal shown above a form's button. */
export function FormAlert({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className="rounded-md border border-down/30 bg-danger-soft px-3 py-2.5 text-[0.8125rem] text-down"
    >
      {children}
    </div>
  );
}

/** The two steps of the reset forms (verify the code, then set the password). */
export function Steps({ step, labels }: { step: 1 | 2; labels: [string, string] }) {
  return (
    <ol className="mb-6 flex items-center gap-2 text-[0.8125rem]" data-testid="steps" data-step={step}>
      {labels.map((label, index) => {
        const number = index + 1;
        const state = number < step ? 'done' : number === step ? 'current' : 'next';
        return (
          <li key={label} className="flex min-w-0 flex-1 items-center gap-2" aria-current={state === 'current' ? 'step' : undefined}>
            <span
              className={
                state === 'next'
                  ? 'num grid size-6 shrink-0 place-items-center rounded-full border border-line-strong text-xs text-faint'
                  : 'num grid size-6 shrink-0 place-items-center rounded-full bg-brand text-xs font-semibold text-brand-fg'
              }
            >
              {state === 'done' ? <CheckIcon size={14} strokeWidth={2.4} /> : number}
            </span>
            <span className={state === 'next' ? 'truncate text-faint' : 'truncate font-medium text-fg'}>{label}</span>
            {index === 0 && <span aria-hidden="true" className="h-px min-w-4 flex-1 bg-line" />}
          </li>
        );
      })}
    </ol>
  );
}
