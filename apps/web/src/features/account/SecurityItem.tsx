import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/Button';
import { CheckCircleIcon } from '../../components/icons';

/** How a row's state reads: done, not done, waiting, refused. */
export type Tone = 'ok' | 'off' | 'warn' | 'bad';

export interface ItemProps {
  id: string;
  icon: ReactNode;
  title: string;
  body: string;
  status?: { text: string; tone: Tone; ltr?: boolean };
  action?: ReactNode;
}

const TONE_CLASS: Record<Tone, string> = {
  ok: 'text-up',
  off: 'text-faint',
  warn: 'text-warn',
  bad: 'text-down',
};

/** One row of the security centre: an icon, what it is, its state and what the user may do. */
export function Item({ id, icon, title, body, status, action }: ItemProps) {
  return (
    <li data-testid={`security-item-${id}`} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-4 sm:px-6">
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-raised text-muted">{icon}</span>
      <div className="min-w-0 flex-1 basis-40">
        <p className="text-sm font-medium text-fg">{title}</p>
        <p className="mt-0.5 text-[0.8125rem] text-muted">{body}</p>
      </div>
      <div className="ms-auto flex items-center gap-3 ps-14 sm:ps-0">
        {status && (
          <span
            className={clsx('inline-flex items-center gap-1.5 text-[0.8125rem]', TONE_CLASS[status.tone])}
            data-testid={`security-status-${id}`}
          >
            {status.tone === 'ok' && <CheckCircleIcon size={15} />}
            <span className={status.ltr ? 'num' : undefined} dir={status.ltr ? 'ltr' : undefined}>
              {status.text}
            </span>
          </span>
        )}
        {action}
      </div>
    </li>
  );
}

export function ActionLink({ to, id, children }: { to: string; id: string; children: ReactNode }) {
  return (
    <ButtonLink to={to} variant="outline" size="sm" className="min-w-20" data-testid={`security-action-${id}`}>
      {children}
    </ButtonLink>
  );
}
