import { css } from 'styled-system/css';

/**
 * The sandbox's 3-D Secure challenge, like Stripe's test authentication page: a modal the
 * sandbox builds in plain DOM over the page (as Stripe.js lays its own iframe modal over it),
 * with Complete and Fail. It is a role="dialog" with aria-modal and its own focus trap, not a
 * native <dialog>: jsdom has no showModal() to test one with, and a top-layer <dialog> opened
 * from inside the checkout's Radix dialog would fight Radix's focus scope.
 *
 * It is mounted inside the dialog that holds the card field, if there is one, so that dialog's
 * focus trap and outside-click dismissal count it as their own; otherwise in <body>. While open
 * it owns Tab and Escape (a modal underneath never sees them): Tab cycles its buttons, Escape
 * counts as Fail. Focus returns to where it was once it closes.
 */

type ChallengeResult = 'complete' | 'fail';

export type ChallengeOptions<T> = {
  /** What the shopper is asked to authenticate: the intent's amount (minor units) and currency. */
  amount: number | undefined;
  currency: string | undefined;
  /** An element inside the checkout (the card field); the dialog joins the modal around it. */
  near: Element | null;
  /** Sends the shopper's choice; the dialog stays open, its buttons disabled, until it settles. */
  answer: (result: ChallengeResult) => Promise<T>;
};

const CHALLENGE_TEXT = {
  title: 'Confirm your payment',
  complete: 'Complete',
  fail: 'Fail',
  busy: 'One moment…',
  description: (amount: string | null) =>
    amount
      ? `This is a test authentication of your payment of ${amount}. No real bank is involved: choose Complete to approve it, or Fail to refuse it.`
      : 'This is a test authentication of your payment. No real bank is involved: choose Complete to approve it, or Fail to refuse it.',
} as const;

// Currencies Stripe counts in whole units (its "zero-decimal" list); the rest are in cents.
const ZERO_DECIMAL = new Set(
  'bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '),
);

/** "$12.34" for 1234 usd. */
function formatAmount(amount: number | undefined, currency: string | undefined) {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || !currency) return null;
  const code = currency.toLowerCase();
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code.toUpperCase(),
    }).format(ZERO_DECIMAL.has(code) ? amount : amount / 100);
  } catch {
    return null;
  }
}

const backdropClass = css({
  position: 'fixed',
  inset: '0',
  // Above the checkout's Radix dialog (50); Radix sets pointer-events: none on <body>.
  zIndex: 60,
  pointerEvents: 'auto',
  display: 'grid',
  placeItems: 'center',
  p: '4',
  bg: 'overlay',
  animation: 'fadeIn 0.15s ease-out',
  _motionReduce: { animation: 'none' },
});

const panelClass = css({
  w: 'min(100%, 26rem)',
  maxH: '90dvh',
  overflowY: 'auto',
  bg: 'surface',
  color: 'text',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  borderRadius: 'panel',
  boxShadow: 'raised',
  p: { base: '5', md: '7' },
  textAlign: 'left',
  _focus: { outline: 'none' },
});

const eyebrowClass = css({ textStyle: 'eyebrow', color: 'textMuted', m: '0', mb: '2' });
const titleClass = css({ textStyle: 'h3', color: 'text', m: '0', mb: '3' });
const descriptionClass = css({ textStyle: 'body', color: 'text', m: '0' });
const statusClass = css({ textStyle: 'small', color: 'textMuted', minH: '6', mt: '2', mb: '0' });

const actionsClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  mt: '5',
  '& > button': { flex: '1 1 8rem' },
});

const buttonBase = css.raw({
  minH: '11',
  minW: '11',
  px: '5',
  py: '2.5',
  borderRadius: 'full',
  borderWidth: '1px',
  borderStyle: 'solid',
  fontFamily: 'body',
  fontSize: 'md',
  fontWeight: 'semibold',
  lineHeight: '1.2',
  cursor: 'pointer',
  transition: 'background-color 0.15s ease, border-color 0.15s ease',
  _focusVisible: { focusOutline: 'outside' },
  _disabled: { opacity: 0.55, cursor: 'not-allowed' },
});

const completeClass = css(buttonBase, {
  bg: 'accent',
  color: 'accentText',
  borderColor: 'transparent',
  _hover: { bg: 'accentHover' },
});

const failClass = css(buttonBase, {
  bg: 'transparent',
  color: 'text',
  borderColor: 'borderStrong',
  _hover: { bg: 'surfaceMuted', borderColor: 'accent' },
});

let nextId = 0;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Shows the challenge; settles with `answer`'s result for the shopper's choice. */
export function showChallenge<T>({
  amount,
  currency,
  near,
  answer,
}: ChallengeOptions<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    nextId += 1;
    const titleId = `sandbox-3ds-title-${nextId}`;
    const descriptionId = `sandbox-3ds-description-${nextId}`;

    const backdrop = element('div', backdropClass);
    backdrop.setAttribute('data-sandbox-3ds', '');
    const panel = element('div', panelClass);
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-modal', 'true');
    panel.setAttribute('aria-labelledby', titleId);
    panel.setAttribute('aria-describedby', descriptionId);
    panel.tabIndex = -1;

    const eyebrow = element('p', eyebrowClass, 'Test mode');
    const title = element('h2', titleClass, CHALLENGE_TEXT.title);
    title.id = titleId;
    const description = element(
      'p',
      descriptionClass,
      CHALLENGE_TEXT.description(formatAmount(amount, currency)),
    );
    description.id = descriptionId;
    const status = element('p', statusClass);
    status.setAttribute('role', 'status');

    const complete = element('button', completeClass, CHALLENGE_TEXT.complete);
    complete.type = 'button';
    const fail = element('button', failClass, CHALLENGE_TEXT.fail);
    fail.type = 'button';
    const actions = element('div', actionsClass);
    actions.append(complete, fail);

    panel.append(eyebrow, title, description, actions, status);
    backdrop.append(panel);

    const previous = document.activeElement;
    // Radix's dialog content has role="dialog" but no aria-modal (it hides the rest instead).
    const host =
      near?.closest<HTMLElement>('[role="dialog"], [role="alertdialog"], dialog[open]') ??
      document.body;
    let busy = false;

    const buttons = () => [complete, fail].filter((button) => !button.disabled);

    function close() {
      window.removeEventListener('keydown', onKeyDown, true);
      backdrop.remove();
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
      // The element we came from may have been disabled meanwhile (a busy Pay button): keep
      // focus in the modal around the card field rather than losing it to <body>.
      if (
        document.activeElement !== previous &&
        host !== document.body &&
        host.hasAttribute('tabindex')
      ) {
        host.focus();
      }
    }

    function choose(result: ChallengeResult) {
      if (busy) return;
      busy = true;
      complete.disabled = true;
      fail.disabled = true;
      panel.setAttribute('aria-busy', 'true');
      status.textContent = CHALLENGE_TEXT.busy;
      // The focused button is now disabled; keep focus inside the dialog.
      panel.focus();
      void answer(result).then(
        (value) => {
          close();
          resolve(value);
        },
        // `answer` maps failures to Stripe-shaped errors; a throw here is a bug, not an outcome,
        // and must not leave the dialog up for good.
        (error: unknown) => {
          close();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    function onKeyDown(event: KeyboardEvent) {
      if (!backdrop.isConnected) {
        // The page removed the modal around us (the checkout closed): nothing to trap any more.
        window.removeEventListener('keydown', onKeyDown, true);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        choose('fail');
        return;
      }
      if (event.key !== 'Tab') return;
      event.preventDefault();
      event.stopPropagation();
      const list = buttons();
      if (list.length === 0) {
        panel.focus();
        return;
      }
      const at = list.indexOf(document.activeElement as HTMLButtonElement);
      const step = event.shiftKey ? -1 : 1;
      const next = at === -1 ? (event.shiftKey ? list.length - 1 : 0) : at + step;
      list[(next + list.length) % list.length]?.focus();
    }

    complete.addEventListener('click', () => choose('complete'));
    fail.addEventListener('click', () => choose('fail'));
    // A press on the backdrop must not move focus out of the dialog.
    backdrop.addEventListener('mousedown', (event) => {
      if (event.target === backdrop) event.preventDefault();
    });
    // Capture on window runs before any listener of the page (Radix listens on document).
    window.addEventListener('keydown', onKeyDown, true);
    host.append(backdrop);
    complete.focus();
  });
}
