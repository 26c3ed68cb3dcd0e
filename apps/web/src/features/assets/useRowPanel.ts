import { useState } from 'react';

/**
 * Which row panel is open on an asset list: one at a time; acting on the open one closes it
 * (the panels toggle open or closed).
 */
export function useRowPanel<P extends string>() {
  const [open, setOpen] = useState<{ currency: number; panel: P } | null>(null);
  return {
    isOpen: (currency: number, panel: P) => open?.currency === currency && open.panel === panel,
    panelOf: (currency: number): P | null => (open?.currency === currency ? open.panel : null),
    toggle: (currency: number, panel: P) =>
      setOpen((current) => (current?.currency === currency && current.panel === panel ? null : { currency, panel })),
    close: () => setOpen(null),
  };
}

export type RowPanels<P extends string> = ReturnType<typeof useRowPanel<P>>;
