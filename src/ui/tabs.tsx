import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { isPlainClick } from '../lib/link-click';

/**
 * Radix Tabs, wrapped once (docs/conventions.md): roving focus with the arrow keys, Home/End,
 * and the tab/panel wiring (aria-controls, aria-labelledby). Controlled only: the caller owns the
 * value (the menu keeps it in its machine and the URL).
 */
export type TabsProps<T extends string> = {
  value: T;
  onValueChange: (value: T) => void;
  children: ReactNode;
  className?: string;
};

export function Tabs<T extends string>({
  value,
  onValueChange,
  children,
  className,
}: TabsProps<T>) {
  return (
    <RadixTabs.Root
      value={value}
      // Radix types the value as string; only our own triggers (typed T) can produce one.
      onValueChange={(next) => onValueChange(next as T)}
      className={className}
    >
      {children}
    </RadixTabs.Root>
  );
}

export type TabListProps = {
  /** The tab list's accessible name (e.g. "Menu categories"). */
  label: string;
  children: ReactNode;
  className?: string;
};

export function TabList({ label, children, className }: TabListProps) {
  return (
    <RadixTabs.List
      aria-label={label}
      className={cx(
        css({
          display: 'flex',
          gap: { base: '1', md: '2' },
          p: '1',
          bg: 'surfaceMuted',
          // Long labels wrap onto a second row on a phone: every tab stays in sight.
          flexWrap: 'wrap',
          borderRadius: { base: '2xl', sm: 'full' },
          maxW: 'full',
          w: 'fit-content',
        }),
        className,
      )}
    >
      {children}
    </RadixTabs.List>
  );
}

const tabStyle = css({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  px: { base: '3.5', md: '5' },
  py: '2',
  minH: '10',
  borderRadius: 'full',
  fontSize: { base: 'sm', md: 'md' },
  fontWeight: 'semibold',
  color: 'textMuted',
  bg: 'transparent',
  cursor: 'pointer',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: 'background-color 0.15s ease, color 0.15s ease',
  // Not on the chosen tab: its text stays on the accent (dark text there was 2.37:1).
  '&:not([data-state=active]):hover': { color: 'text' },
  '&[data-state=active]': { bg: 'accent', color: 'accentText' },
  _focusVisible: { focusOutline: 'outside' },
});

/**
 * One tab. With `href`, a link to the address that shows it (ADR-0059): before the scripts run a
 * tap navigates and the server renders that tab; once they run it is a tab like the others (the
 * click only selects, the caller writes the address), and a click that opens a new window or tab
 * is left to the browser.
 */
export function Tab<T extends string>({
  value,
  href,
  children,
}: {
  value: T;
  href?: string;
  children: ReactNode;
}) {
  if (href === undefined) {
    return (
      <RadixTabs.Trigger value={value} className={tabStyle}>
        {children}
      </RadixTabs.Trigger>
    );
  }
  return (
    // `type` is a button's: not on a link.
    <RadixTabs.Trigger value={value} asChild type={undefined}>
      <a
        href={href}
        className={tabStyle}
        // Radix selects on mouse down: not for a click that opens the link elsewhere.
        onMouseDown={(event) => {
          if (!isPlainClick(event)) event.preventDefault();
        }}
        onClick={(event) => {
          if (isPlainClick(event)) event.preventDefault();
        }}
        // A focused tab is already selected (Radix selects on focus); Space on a link would
        // scroll the page instead.
        onKeyDown={(event) => {
          if (event.key === ' ') event.preventDefault();
        }}
      >
        {children}
      </a>
    </RadixTabs.Trigger>
  );
}

export function TabPanel<T extends string>({
  value,
  children,
  className,
}: {
  value: T;
  children: ReactNode;
  className?: string;
}) {
  return (
    <RadixTabs.Content
      value={value}
      className={cx(
        css({
          _focusVisible: { focusOutline: 'wide' },
        }),
        className,
      )}
    >
      {children}
    </RadixTabs.Content>
  );
}
