import { cva } from 'styled-system/css';

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

export function orderStatusLabel(status: string): string {
  return STATUS_LABELS[status]?.label ?? status;
}

const badge = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    px: '2.5',
    py: '0.5',
    borderRadius: 'full',
    borderWidth: '1px',
    fontSize: 'xs',
    fontWeight: 'bold',
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
    <span data-testid="order-status" className={badge({ tone: known?.tone ?? 'other' })}>
      {known?.label ?? status}
    </span>
  );
}
