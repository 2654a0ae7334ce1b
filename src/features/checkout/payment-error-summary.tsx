import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  useElements,
} from '@stripe/react-stripe-js';
import { useRef } from 'react';
import { ErrorSummary, type ErrorSummaryItem } from '../../ui/error-summary';
import { blockedText, fieldErrorText } from '../../payment/payment-messages';
import type { CardField, CardFieldStatus, PaymentBlock } from '../../../machines/payment.machine';

/** The card fields in the order the step shows them (spec §2). */
const FIELD_ORDER: readonly CardField[] = ['cardNumber', 'cardHolder', 'cardExpiry', 'cardCvc'];

const ELEMENTS = {
  cardNumber: CardNumberElement,
  cardExpiry: CardExpiryElement,
  cardCvc: CardCvcElement,
} as const;

/** A card element's focus: Stripe's own `focus()`, or the sandbox's mounted input. */
type FocusableElement = { focus?: () => void; node?: HTMLElement | null };

type PaymentErrorSummaryProps = {
  fields: Record<CardField, CardFieldStatus>;
  blocked: PaymentBlock | null;
  /** The Pay presses: a refused one focuses the summary, again the second time. */
  focusKey: number;
};

/**
 * The payment step's error summary (ADR-0057): when Pay is refused because card fields are
 * wrong (spec §5: "Please correct the highlighted errors."), that sentence and one link per
 * field with its message, focused. A link moves focus into the field: the card elements live in
 * the provider's frames (or the sandbox's inputs), so the summary asks them to take focus.
 */
export function PaymentErrorSummary({ fields, blocked, focusKey }: PaymentErrorSummaryProps) {
  const elements = useElements();
  const here = useRef<HTMLDivElement>(null);
  if (blocked !== 'correctErrors') return null;

  const focusField = (field: CardField) => () => {
    if (field === 'cardHolder') {
      here.current
        ?.closest('form')
        ?.querySelector<HTMLInputElement>('input[autocomplete="cc-name"]')
        ?.focus();
      return;
    }
    const element = elements?.getElement(ELEMENTS[field]) as FocusableElement | null | undefined;
    if (element?.focus) element.focus();
    else element?.node?.focus();
  };
  const items: ErrorSummaryItem[] = FIELD_ORDER.flatMap((field) => {
    const message = fieldErrorText(field, fields[field].error);
    return message
      ? [{ message, target: `checkout-payment-${field}`, focus: focusField(field) }]
      : [];
  });

  return (
    <div ref={here}>
      <ErrorSummary items={items} focusKey={focusKey} description={blockedText('correctErrors')} />
    </div>
  );
}
