import { clsx } from 'clsx';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface VirtualListProps<T> {
  items: readonly T[];
  /** Every row has this height in CSS pixels. */
  rowHeight: number;
  /** Rows drawn beyond the visible ones, above and below. */
  overscan?: number;
  getKey(item: T): string | number;
  renderRow(item: T, index: number): ReactNode;
  className?: string;
  /** Shown instead of the rows when there are none. */
  empty?: ReactNode;
  testId?: string;
  /** The list's accessible name. */
  label?: string;
}

/**
 * A scrolling list that draws only the rows in view (fixed row height), so long market lists
 * stay cheap to render and update. The container sets its own height.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  overscan = 6,
  getKey,
  renderRow,
  className,
  empty,
  testId,
  label,
}: VirtualListProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(0);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    setHeight(element.clientHeight);
    const observer = new ResizeObserver(() => setHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const visible = items.slice(first, last);

  return (
    <div
      ref={scroller}
      className={clsx('overflow-y-auto overscroll-contain', className)}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      data-testid={testId}
      role="list"
      aria-label={label}
    >
      {items.length === 0 ? (
        empty
      ) : (
        <div style={{ height: items.length * rowHeight, position: 'relative' }}>
          {visible.map((item, i) => (
            <div
              key={getKey(item)}
              role="listitem"
              style={{ position: 'absolute', insetInline: 0, top: (first + i) * rowHeight, height: rowHeight }}
            >
              {renderRow(item, first + i)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
