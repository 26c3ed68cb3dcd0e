import * as RadixTabs from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** The document's direction (set once at start-up), for Radix keyboard navigation. */
export function pageDir(): 'ltr' | 'rtl' {
  return document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
}

export interface TabItem<K extends string> {
  value: K;
  label: ReactNode;
  testId?: string;
  /** Colour of the active tab: brand (default), or up/down for buy and sell. */
  tone?: 'brand' | 'up' | 'down';
  disabled?: boolean;
}

interface TabBarProps<K extends string> {
  value: K;
  onChange(value: K): void;
  items: readonly TabItem<K>[];
  /** `line`: an underline under the active tab; `pill`: a filled chip; `solid`: a filled half (buy/sell). */
  variant?: 'line' | 'pill' | 'solid';
  label: string;
  className?: string;
  size?: 'sm' | 'md';
}

const activeTone = {
  brand: { line: 'text-fg after:bg-brand', pill: 'bg-raised text-fg', solid: 'bg-brand text-brand-fg' },
  up: { line: 'text-up after:bg-up', pill: 'bg-raised text-up', solid: 'bg-up text-white' },
  down: { line: 'text-down after:bg-down', pill: 'bg-raised text-down', solid: 'bg-down text-white' },
} as const;

/**
 * A row of tabs (Radix: arrow keys, roles). Only the bar: the caller shows the content of the
 * selected value, so panels may live anywhere in the layout.
 */
export function TabBar<K extends string>({ value, onChange, items, variant = 'line', label, className, size = 'sm' }: TabBarProps<K>) {
  return (
    <RadixTabs.Root value={value} onValueChange={(next) => onChange(next as K)} activationMode="manual" dir={pageDir()}>
      <RadixTabs.List
        aria-label={label}
        className={clsx(
          'flex items-center',
          variant === 'line' && 'gap-4',
          variant === 'pill' && 'gap-1',
          variant === 'solid' && 'gap-0 overflow-hidden rounded-md bg-sunken p-0.5',
          className,
        )}
      >
        {items.map((item) => {
          const active = item.value === value;
          const tone = activeTone[item.tone ?? 'brand'][variant];
          return (
            <RadixTabs.Trigger
              key={item.value}
              value={item.value}
              disabled={item.disabled}
              data-testid={item.testId}
              className={clsx(
                'relative font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-50',
                size === 'sm' ? 'text-[0.8125rem]' : 'text-sm',
                variant === 'line' &&
                  'h-9 after:absolute after:inset-x-0 after:bottom-0 after:h-0.5 after:rounded-full after:content-[""]',
                variant === 'line' && !active && 'text-muted after:bg-transparent hover:text-fg',
                variant === 'pill' && 'h-7 rounded px-2.5',
                variant === 'pill' && !active && 'text-muted hover:text-fg',
                variant === 'solid' && 'h-8 flex-1 rounded px-3',
                variant === 'solid' && !active && 'text-muted hover:text-fg',
                active && tone,
              )}
            >
              {item.label}
            </RadixTabs.Trigger>
          );
        })}
      </RadixTabs.List>
    </RadixTabs.Root>
  );
}
