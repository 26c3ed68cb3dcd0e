import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * A number in running text or a table cell: tabular digits, kept left to right (signs, percent
 * and decimals stay in place in Arabic) while the cell itself aligns with the page direction.
 */
export function Num({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <bdi dir="ltr" data-testid={testId} className={clsx('num', className)}>
      {children}
    </bdi>
  );
}
