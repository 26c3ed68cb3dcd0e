import * as Dropdown from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import { useCallback, useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';

const CLOSE_DELAY_MS = 160;

interface HoverMenuProps {
  /** The trigger's content; the trigger itself is a button. */
  trigger: ReactNode;
  triggerLabel: string;
  triggerClassName?: string;
  triggerTestId?: string;
  children: ReactNode;
  align?: 'start' | 'end';
  contentClassName?: string;
}

/**
 * A Radix dropdown that also opens while a mouse hovers its trigger (the language menu opens
 * on hover). Touch, pen and keyboard use the normal click/Enter behaviour of the dropdown.
 */
export function HoverMenu({
  trigger,
  triggerLabel,
  triggerClassName,
  triggerTestId,
  children,
  align = 'end',
  contentClassName,
}: HoverMenuProps) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  const cancelClose = useCallback(() => {
    window.clearTimeout(closeTimer.current);
  }, []);
  const openByHover = useCallback(
    (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      cancelClose();
      setOpen(true);
    },
    [cancelClose],
  );
  const closeByHover = useCallback(
    (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      cancelClose();
      closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
    },
    [cancelClose],
  );

  useEffect(() => cancelClose, [cancelClose]);

  return (
    <Dropdown.Root open={open} onOpenChange={setOpen} modal={false}>
      <Dropdown.Trigger
        aria-label={triggerLabel}
        data-testid={triggerTestId}
        className={triggerClassName}
        onPointerEnter={openByHover}
        onPointerLeave={closeByHover}
        onPointerDown={(event) => {
          // A mouse already opened the menu by hovering: a click must not close it again.
          if (event.pointerType === 'mouse' && open) event.preventDefault();
        }}
      >
        {trigger}
      </Dropdown.Trigger>
      <Dropdown.Portal>
        <Dropdown.Content
          align={align}
          sideOffset={6}
          collisionPadding={8}
          onPointerEnter={openByHover}
          onPointerLeave={closeByHover}
          className={clsx(
            'z-50 min-w-44 rounded-lg bg-surface p-1 text-sm text-fg shadow-pop outline-none',
            'data-[state=open]:animate-[menu-in_120ms_ease-out]',
            contentClassName,
          )}
        >
          {children}
        </Dropdown.Content>
      </Dropdown.Portal>
    </Dropdown.Root>
  );
}

export const menuItemClass =
  'flex cursor-pointer select-none items-center gap-2.5 rounded-md px-3 py-2 text-[0.8125rem] text-fg outline-none ' +
  'data-[highlighted]:bg-raised data-[disabled]:opacity-50';

export const MenuItem = Dropdown.Item;
export const MenuLabel = Dropdown.Label;
export const MenuSeparator = Dropdown.Separator;
export const MenuRadioGroup = Dropdown.RadioGroup;
export const MenuRadioItem = Dropdown.RadioItem;
export const MenuItemIndicator = Dropdown.ItemIndicator;
