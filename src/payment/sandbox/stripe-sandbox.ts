import type { Stripe } from '@stripe/stripe-js';
import { css } from 'styled-system/css';
import type { SandboxConfirmRequest, SandboxConfirmResult } from '../../api/types';
import {
  checkCardNumber,
  checkCvc,
  checkExpiry,
  digitsOf,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  type FieldCheck,
} from './card-checks';

/**
 * The offline stand-in for Stripe.js (D5): the subset of its interface the storefront uses, with
 * the same shapes, so app code cannot tell it from the real thing. Its card elements render
 * real, labelled inputs in the mount node and validate like Stripe Elements; confirmCardPayment
 * asks the reference API's sandbox, which reproduces Stripe's test cards.
 */

type ElementType = 'cardNumber' | 'cardExpiry' | 'cardCvc';
type Handler = (event: unknown) => void;

type FieldSpec = {
  label: string;
  placeholder: string;
  autoComplete: string;
  maxLength: number;
  format: (raw: string) => string;
  check: (value: string, final: boolean) => FieldCheck;
};

const FIELDS: Record<ElementType, FieldSpec> = {
  cardNumber: {
    label: 'Card Number',
    placeholder: '1234 1234 1234 1234',
    autoComplete: 'cc-number',
    maxLength: 23,
    format: formatCardNumber,
    check: checkCardNumber,
  },
  cardExpiry: {
    label: 'Card Expiry',
    placeholder: 'MM / YY',
    autoComplete: 'cc-exp',
    maxLength: 7,
    format: formatExpiry,
    check: (value, final) => checkExpiry(value, final, new Date()),
  },
  cardCvc: {
    label: 'Card CVC',
    placeholder: 'CVC',
    autoComplete: 'cc-csc',
    maxLength: 4,
    format: (raw) => digitsOf(raw).slice(0, 4),
    check: checkCvc,
  },
};

// Borderless: the payment step draws the field's frame around the mount node, as it does for
// Stripe's own iframes.
const inputClass = css({
  display: 'block',
  w: 'full',
  minH: '6',
  p: '0',
  border: 'none',
  bg: 'transparent',
  color: 'text',
  fontSize: 'md',
  fontVariantNumeric: 'tabular-nums',
  _placeholder: { color: 'textMuted' },
  _focus: { outline: 'none' },
});

class SandboxElement {
  readonly type: ElementType;
  private input: HTMLInputElement | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private lastCheck: FieldCheck = { empty: true, complete: false, error: undefined };
  private options: { disabled?: boolean };
  private readonly onDestroy: (element: SandboxElement) => void;

  constructor(
    type: ElementType,
    options: { disabled?: boolean } | undefined,
    onDestroy: (element: SandboxElement) => void,
  ) {
    this.type = type;
    this.options = { ...options };
    this.onDestroy = onDestroy;
  }

  get value(): string {
    return this.input?.value ?? '';
  }

  get mounted(): boolean {
    return this.input !== null;
  }

  mount(target: HTMLElement | string): void {
    const node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!(node instanceof HTMLElement)) throw new Error(`No element to mount ${this.type} into`);
    if (this.input) this.input.remove();
    const spec = FIELDS[this.type];
    const input = document.createElement('input');
    input.type = 'text';
    input.inputMode = 'numeric';
    input.autocomplete = spec.autoComplete as AutoFill;
    input.placeholder = spec.placeholder;
    input.maxLength = spec.maxLength;
    input.spellcheck = false;
    input.className = inputClass;
    input.setAttribute('aria-label', spec.label);
    input.setAttribute('data-sandbox-element', this.type);
    input.disabled = Boolean(this.options.disabled);
    input.addEventListener('input', this.handleInput);
    input.addEventListener('focus', this.handleFocus);
    input.addEventListener('blur', this.handleBlur);
    input.addEventListener('keydown', this.handleKeyDown);
    node.appendChild(input);
    this.input = input;
    queueMicrotask(() => this.emit('ready', { elementType: this.type }));
  }

  on(event: string, handler: Handler): this {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }

  off(event: string, handler?: Handler): this {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  once(event: string, handler: Handler): this {
    const wrapped: Handler = (payload) => {
      this.off(event, wrapped);
      handler(payload);
    };
    return this.on(event, wrapped);
  }

  update(options: { disabled?: boolean }): void {
    this.options = { ...this.options, ...options };
    if (this.input) this.input.disabled = Boolean(this.options.disabled);
  }

  focus(): void {
    this.input?.focus();
  }

  blur(): void {
    this.input?.blur();
  }

  clear(): void {
    if (!this.input) return;
    this.input.value = '';
    this.report(false);
  }

  unmount(): void {
    this.input?.remove();
    this.input = null;
  }

  /** Removes what mount added (StrictMode mounts, destroys and mounts again: stack.md §7). */
  destroy(): void {
    this.unmount();
    this.handlers.clear();
    this.onDestroy(this);
  }

  /** The check confirmCardPayment runs before asking the server, like Stripe.js does. */
  finalCheck(): FieldCheck {
    return FIELDS[this.type].check(this.value, true);
  }

  private emit(event: string, payload: unknown): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
  }

  private report(final: boolean): void {
    const check = FIELDS[this.type].check(this.value, final);
    // While typing an error only appears when the value is wrong for sure; one shown earlier
    // stays until the value is fixed or cleared.
    const error =
      check.error ?? (!final && !check.complete && !check.empty ? this.lastCheck.error : undefined);
    const next: FieldCheck = { ...check, error: check.empty ? undefined : error };
    this.lastCheck = next;
    this.input?.setAttribute('aria-invalid', next.error ? 'true' : 'false');
    const payload: Record<string, unknown> = {
      elementType: this.type,
      empty: next.empty,
      complete: next.complete,
      error: next.error,
    };
    if (this.type === 'cardNumber') payload.brand = brandOf(digitsOf(this.value));
    this.emit('change', payload);
  }

  private readonly handleInput = () => {
    if (!this.input) return;
    const formatted = FIELDS[this.type].format(this.input.value);
    if (formatted !== this.input.value) this.input.value = formatted;
    this.report(false);
  };

  private readonly handleFocus = () => this.emit('focus', { elementType: this.type });

  private readonly handleBlur = () => {
    this.report(true);
    this.emit('blur', { elementType: this.type });
  };

  private readonly handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') this.emit('escape', { elementType: this.type });
  };
}

function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

class SandboxElements {
  private readonly elements = new Map<ElementType, SandboxElement>();

  create(type: string, options?: { disabled?: boolean }): SandboxElement {
    if (type !== 'cardNumber' && type !== 'cardExpiry' && type !== 'cardCvc') {
      throw new Error(`The payment sandbox has no ${type} element`);
    }
    if (this.elements.has(type)) {
      throw new Error(`Can only create one Element of type ${type}.`);
    }
    const element = new SandboxElement(type, options, (destroyed) => {
      if (this.elements.get(destroyed.type) === destroyed) this.elements.delete(destroyed.type);
    });
    this.elements.set(type, element);
    return element;
  }

  /** Takes the type, or the react-stripe-js component (which carries `__elementType`). */
  getElement(typeOrComponent: unknown): SandboxElement | null {
    const type =
      typeof typeOrComponent === 'string'
        ? typeOrComponent
        : (typeOrComponent as { __elementType?: unknown } | null)?.__elementType;
    return typeof type === 'string' ? (this.elements.get(type as ElementType) ?? null) : null;
  }

  update(): void {
    // Appearance and locale options do not apply to the sandbox's native inputs.
  }

  sibling(type: ElementType): SandboxElement | null {
    return this.elements.get(type) ?? null;
  }

  owns(element: SandboxElement): boolean {
    return this.elements.get(element.type) === element;
  }
}

type StripeLikeError = {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
};

type ConfirmData = {
  payment_method?: {
    card?: unknown;
    billing_details?: SandboxConfirmRequest['billingDetails'];
  };
};

export type SandboxConfirm = (request: SandboxConfirmRequest) => Promise<SandboxConfirmResult>;

function toStripeResult(result: SandboxConfirmResult) {
  if (result.error) {
    const { type, code, declineCode, message, param } = result.error;
    const error: StripeLikeError = { type, code, message };
    if (declineCode) error.decline_code = declineCode;
    if (param) error.param = param;
    return { error };
  }
  const intent = result.paymentIntent;
  if (!intent) return { error: { type: 'api_error', message: 'No payment intent in the answer' } };
  return {
    paymentIntent: {
      id: intent.id,
      object: 'payment_intent',
      client_secret: intent.clientSecret,
      amount: intent.amount,
      currency: intent.currency,
      status: intent.status,
      last_payment_error: intent.lastPaymentError,
    },
  };
}

const notSupported = async () => ({
  error: { type: 'invalid_request_error', message: 'Not supported by the payment sandbox.' },
});

/** A Stripe-shaped object for <Elements stripe={...}> (real Stripe.js's type, for the app). */
export function createSandboxStripe(confirm: SandboxConfirm): Stripe {
  const groups: SandboxElements[] = [];

  async function confirmCardPayment(clientSecret: string, data?: ConfirmData) {
    const card = data?.payment_method?.card;
    const group = groups.find(
      (candidate) => card instanceof SandboxElement && candidate.owns(card),
    );
    if (!(card instanceof SandboxElement) || !group || !card.mounted) {
      return {
        error: {
          type: 'validation_error',
          code: 'missing_card',
          message: 'Card details are missing. Please try again',
        },
      };
    }
    const parts = [card, group.sibling('cardExpiry'), group.sibling('cardCvc')];
    for (const part of parts) {
      const check = part?.finalCheck();
      if (!part || !check || check.error || !check.complete) {
        return {
          error: check?.error ?? {
            type: 'validation_error',
            code: 'incomplete',
            message: 'Your card details are incomplete.',
          },
        };
      }
    }
    const expiry = parseExpiry(parts[1]?.value ?? '');
    if (!expiry) {
      return {
        error: {
          type: 'validation_error',
          code: 'incomplete_expiry',
          message: "Your card's expiration date is incomplete.",
        },
      };
    }
    try {
      const result = await confirm({
        clientSecret,
        card: {
          number: digitsOf(card.value),
          expMonth: expiry.month,
          expYear: expiry.year,
          cvc: digitsOf(parts[2]?.value ?? ''),
        },
        billingDetails: data?.payment_method?.billing_details,
      });
      return toStripeResult(result);
    } catch (error) {
      // Stripe.js answers an unreachable API with an api_connection_error, not a throw.
      return {
        error: {
          type: 'api_connection_error',
          message: error instanceof Error ? error.message : 'Could not reach the payment service.',
        },
      };
    }
  }

  const sandbox = {
    elements: () => {
      const group = new SandboxElements();
      groups.push(group);
      return group;
    },
    confirmCardPayment,
    createToken: notSupported,
    createPaymentMethod: notSupported,
    retrievePaymentIntent: notSupported,
    registerAppInfo: () => undefined,
    _registerWrapper: () => undefined,
  };
  // The sandbox implements only the part of Stripe's interface the storefront calls; the cast
  // is the one place that says so.
  return sandbox as unknown as Stripe;
}
