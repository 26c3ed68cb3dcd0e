import type { ReactNode } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <h1 className="text-xl font-semibold tracking-tight text-fg">{title}</h1>
      <div className="ms-auto flex flex-wrap items-center gap-2">{children}</div>
    </div>
  );
}

export function Panel({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="rounded-md border border-line bg-surface p-4">
      {title && <h2 className="mb-3 text-sm font-semibold text-fg">{title}</h2>}
      {children}
    </section>
  );
}
