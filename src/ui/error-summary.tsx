import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { css, cx } from 'styled-system/css';
import { panel } from './panel';

/**
 * The error summary of a form whose submit failed, after GOV.UK's (ADR-0057): "There is a
 * problem" and one link per invalid field, the link's text the field's message; following a link
 * moves focus to the field. The summary takes focus when a submit fails, so a screen reader reads
 * it at once (a region named by its heading, not an alert: focus already makes it speak, and an
 * alert as well would say it twice). The inline messages stay under the fields.
 */
export type ErrorSummaryItem = {
  /** The field's message, as it stands under the field. */
  message: string;
  /** The id of the control the link leads to (the link's `#fragment`). */
  target: string;
  /**
   * Focuses a control that `document.getElementById(target)` cannot reach or focus (a card
   * field inside the payment provider's frame). Without it, the control with the target id.
   */
  focus?: () => void;
};

const ERROR_SUMMARY_TITLE = 'There is a problem';

export type ErrorSummaryProps = {
  items: readonly ErrorSummaryItem[];
  /**
   * Counts the failed submits: the summary takes focus once for each value, as soon as it has
   * something to say. A field fixed (or a message added by a blur) changes the list, not focus.
   */
  focusKey: number;
  /** A sentence under the heading, before the links (a form's own words for the failed submit). */
  description?: string;
  className?: string;
};

/** The label (or the group's legend) of a control, brought into view with it (as GOV.UK does). */
function labelOf(control: HTMLElement): HTMLElement | null {
  const labelled = 'labels' in control ? (control as HTMLInputElement).labels : null;
  return labelled?.[0] ?? control.closest('fieldset')?.querySelector('legend') ?? null;
}

function focusControl(item: ErrorSummaryItem): boolean {
  if (item.focus) {
    item.focus();
    return true;
  }
  const control = document.getElementById(item.target);
  if (!control) return false;
  const label = labelOf(control);
  if (label) {
    label.scrollIntoView({ block: 'start' });
    control.focus({ preventScroll: true });
  } else {
    control.focus();
  }
  return true;
}

export function ErrorSummary({ items, focusKey, description, className }: ErrorSummaryProps) {
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  const focusedFor = useRef<number | null>(null);
  const shown = items.length > 0;
  useEffect(() => {
    if (!shown || focusedFor.current === focusKey) return;
    focusedFor.current = focusKey;
    ref.current?.focus();
  });
  if (!shown) return null;

  const follow = (item: ErrorSummaryItem) => (event: MouseEvent<HTMLAnchorElement>) => {
    // The link's own jump would put a fragment in the address (which holds the checkout step)
    // and leave the label out of view.
    if (focusControl(item)) event.preventDefault();
  };

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-testid="error-summary"
      className={cx(
        panel({ radius: 'lg', tone: 'danger' }),
        css({
          borderWidth: '3px',
          p: { base: '4', md: '5' },
          mb: '6',
          _focus: { outline: 'none' },
          _focusVisible: { focusOutline: 'outside' },
        }),
        className,
      )}
    >
      <h2 id={headingId} className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '3' })}>
        {ERROR_SUMMARY_TITLE}
      </h2>
      {description ? <p className={css({ mb: '3' })}>{description}</p> : null}
      <ul className={css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', m: '0' })}>
        {items.map((item) => (
          <li key={item.target}>
            <a
              href={`#${item.target}`}
              onClick={follow(item)}
              className={css({
                color: 'danger',
                fontWeight: 'semibold',
                textDecoration: 'underline',
                textUnderlineOffset: '3px',
                borderRadius: 'sm',
                _focusVisible: { focusOutline: 'outside' },
              })}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What the fields of a form with an error summary do differently (the form kit and the field
 * primitives read it): each control's id is `<idPrefix>-<field name>`, so the summary can link to
 * it; a message under a field is no live region (after a submit the focused summary speaks for
 * all of them, where seven alerts used to fire at once); and a message a field shows as the
 * shopper leaves it is said once, politely, after the next field's name.
 */
export type SummarisedFieldsScope = {
  idPrefix: string;
  announce: (message: string) => void;
};

const SummarisedFieldsContext = createContext<SummarisedFieldsScope | null>(null);

/** The scope of the fields around, or null for a form without a summary (messages are alerts). */
export function useSummarisedFields(): SummarisedFieldsScope | null {
  return useContext(SummarisedFieldsContext);
}

/** The id the control of `name` takes in this scope (what an ErrorSummaryItem targets). */
export function summarisedFieldId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name}`;
}

export function SummarisedFields({
  idPrefix,
  children,
}: {
  idPrefix: string;
  children: ReactNode;
}) {
  const [said, setSaid] = useState<{ message: string; count: number } | null>(null);
  const announce = useCallback(
    (message: string) =>
      setSaid((last) => ({ message, count: last?.message === message ? last.count + 1 : 0 })),
    [],
  );
  const scope = useMemo(() => ({ idPrefix, announce }), [idPrefix, announce]);
  return (
    <SummarisedFieldsContext.Provider value={scope}>
      {children}
      <div role="status" className={css({ srOnly: true })}>
        {/* Keyed: the same message said again (the field left again) is a new announcement. */}
        {said ? <span key={said.count}>{said.message}</span> : null}
      </div>
    </SummarisedFieldsContext.Provider>
  );
}
