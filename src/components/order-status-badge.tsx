import { cva, cx } from 'styled-system/css';
import { badgeStyles } from '../ui/badge';

/** Spec §4 order statuses as shoppers read them; anything else is shown as is, in grey. */
const STATUS_LABELS: Record<string, { label: string; tone: Tone }> = {
  PENDING: { label: 'Waiting For Payment', tone: 'waiting' },
  PAID: { label: 'Processed', tone: 'good' },
  SHIPPED: { label: 'Shipped', tone: 'moving' },
  DELIVERED: { label: 'Delivered', tone: 'good' },
  CANCELED: { label: 'Canceled', tone: 'bad' },
  CANCELLED: { label: 'Canceled', tone: 'bad' },
};

type Tone = 'waiting' | 'good' | 'moving' | 'bad' | 'other';

/** Statuses spec §4 does not name, in words (D9): "Payment failed", never the raw code. */
const STATUS_WORDS: Record<string, string> = {
  PAYMENT_FAILED: 'Payment failed',
};

/**
 * The status in words, for everything that is not a badge (the tracking panel, the order's
 * details; D9, issue 16): spec §4's names, then known codes in words, then any other code made
 * readable ("ON_HOLD" reads "On hold").
 */
export function orderStatusWords(status: string): string {
  const known = STATUS_LABELS[status]?.label ?? STATUS_WORDS[status];
  if (known) return known;
  const words = status.toLowerCase().replaceAll('_', ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : status;
}

/** The shared badge (src/ui/badge.ts), outlined in the status's colour. */
const statusBadge = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    borderWidth: '1px',
    whiteSpace: 'nowrap',
    bg: 'surface',
  },
  variants: {
    tone: {
      waiting: { color: 'accent', borderColor: 'accent' },
      good: { color: 'success', borderColor: 'success' },
      moving: { color: 'text', borderColor: 'text' },
      bad: { color: 'danger', borderColor: 'danger' },
      other: { color: 'textMuted', borderColor: 'border', bg: 'surfaceMuted' },
    },
  },
});

export function OrderStatusBadge({ status }: { status: string }) {
  const known = STATUS_LABELS[status];
  return (
    <span
      data-testid="order-status"
      className={cx(badgeStyles({ size: 'sm' }), statusBadge({ tone: known?.tone ?? 'other' }))}
    >
      {known?.label ?? status}
    </span>
  );
}
