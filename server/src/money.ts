// Pricing in integer cents. Every amount the shop shows or charges comes from these functions (D4).
import type { components } from '../../contract/schema';

// The contract's kinds, so a new kind in openapi.yaml breaks the exhaustive switch in promoDiscountCents.
export type DiscountType = components['schemas']['Promo']['discountType'];

export interface PromoRule {
  promoId: number;
  code: string;
  discountType: DiscountType;
  /** Hundredths: 250 is $2.50 for `fixed`, 5000 is 50% for `percentage`; informational for `free_shipping`. */
  discountValue: number;
  startAt: string | null;
  endAt: string | null;
  isActive: boolean;
  /** Eligible products; empty means every product is eligible. */
  productIds: readonly number[];
}

export interface PriceLine {
  productId: number;
  unitCents: number;
  quantity: number;
}

const TAX_RATE_PERCENT = 10;

export const PROMO_MESSAGES = {
  accepted: 'Promo code applied successfully',
  invalid: 'Promo code is invalid',
  inactive: 'Promo code is inactive',
  upcoming: 'Promo code is not available yet',
  expired: 'Promo code has expired',
  productEligibility: 'Promo code does not apply to the selected products',
  oneAtATime: 'Only one promo code can be applied at a time',
  cardOnly:
    'This promo is only for payment by card. Pay by card to keep it, or remove the promo to pay cash on delivery.',
} as const;

type PromoHint =
  | 'eligible'
  | 'invalid'
  | 'inactive'
  | 'upcoming'
  | 'expired'
  | 'product-eligibility'
  | 'one-at-a-time';

export type PromoCheck =
  | { accepted: true; message: string; hint: 'eligible' }
  | { accepted: false; message: string; hint: Exclude<PromoHint, 'eligible'> };

export interface Totals {
  subtotal: number;
  tax: number;
  shipping: number;
  discount: number;
  total: number;
}

export interface PricedTotals extends Totals {
  /** Null when no promo is attached; otherwise the verdict and the discount it produced. */
  promo: (PromoCheck & { discount: number }) | null;
}

function subtotalCents(lines: readonly PriceLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
}

/** 10% of the merchandise subtotal, half-up to the cent (cents are never negative here). */
export function taxCents(subtotal: number): number {
  return Math.floor((subtotal * TAX_RATE_PERCENT + 50) / 100);
}

function eligibleBase(
  promo: PromoRule,
  lines: readonly PriceLine[],
): { base: number; matches: number } {
  if (promo.productIds.length === 0) {
    return { base: subtotalCents(lines), matches: lines.length };
  }
  const eligible = new Set(promo.productIds);
  const matching = lines.filter((line) => eligible.has(line.productId));
  return { base: subtotalCents(matching), matches: matching.length };
}

export interface PromoContext {
  now: Date;
  /** The id of a different promo already attached to the cart, if any. */
  otherAttachedPromoId?: number | null;
}

/** The checks run in the brief's order; the first failure is the verdict. */
export function checkPromo(
  promo: PromoRule | null | undefined,
  lines: readonly PriceLine[],
  context: PromoContext,
): PromoCheck {
  if (!promo) return { accepted: false, message: PROMO_MESSAGES.invalid, hint: 'invalid' };
  if (!promo.isActive)
    return { accepted: false, message: PROMO_MESSAGES.inactive, hint: 'inactive' };
  const now = context.now.getTime();
  if (promo.startAt && Date.parse(promo.startAt) > now) {
    return { accepted: false, message: PROMO_MESSAGES.upcoming, hint: 'upcoming' };
  }
  if (promo.endAt && Date.parse(promo.endAt) < now) {
    return { accepted: false, message: PROMO_MESSAGES.expired, hint: 'expired' };
  }
  if (eligibleBase(promo, lines).matches === 0) {
    return {
      accepted: false,
      message: PROMO_MESSAGES.productEligibility,
      hint: 'product-eligibility',
    };
  }
  if (context.otherAttachedPromoId != null && context.otherAttachedPromoId !== promo.promoId) {
    return { accepted: false, message: PROMO_MESSAGES.oneAtATime, hint: 'one-at-a-time' };
  }
  return { accepted: true, message: PROMO_MESSAGES.accepted, hint: 'eligible' };
}

/** The discount an accepted promo gives, in cents. */
export function promoDiscountCents(
  promo: PromoRule,
  lines: readonly PriceLine[],
  shipping: number,
): number {
  const { base } = eligibleBase(promo, lines);
  switch (promo.discountType) {
    case 'percentage': {
      const raw = Math.floor((base * promo.discountValue + 5000) / 10000);
      return Math.min(Math.max(raw, 0), base);
    }
    case 'fixed':
      return Math.min(Math.max(promo.discountValue, 0), base);
    case 'free_shipping':
      // The shipping line stays visible and the discount cancels it once (the old double discount is gone).
      return shipping;
  }
}

export interface PriceInput {
  lines: readonly PriceLine[];
  shippingCents: number;
  promo: PromoRule | null;
  now: Date;
}

/** Totals in cents. A rejected promo stays reported (with discount 0) so the caller can show why. */
export function priceTotals(input: PriceInput): PricedTotals {
  const subtotal = subtotalCents(input.lines);
  const tax = taxCents(subtotal);
  const shipping = input.shippingCents;
  let discount = 0;
  let promo: PricedTotals['promo'] = null;
  if (input.promo) {
    const verdict = checkPromo(input.promo, input.lines, { now: input.now });
    discount = verdict.accepted ? promoDiscountCents(input.promo, input.lines, shipping) : 0;
    promo = { ...verdict, discount };
  }
  const total = Math.max(0, subtotal + tax + shipping - discount);
  return { subtotal, tax, shipping, discount, total, promo };
}

/** Cents to the JSON number the API answers (at most 2 decimals). */
export function toAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** A client amount to cents, half-up; NaN/Infinity become NaN so comparisons fail closed. */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) return Number.NaN;
  return Math.round(amount * 100);
}

/** True when a client-sent amount is off from the server's by at least half a cent. */
export function amountDiffers(clientAmount: number, serverCents: number): boolean {
  if (!Number.isFinite(clientAmount)) return true;
  return Math.abs(clientAmount * 100 - serverCents) >= 0.5 - 1e-9;
}

export function totalsToAmounts(totals: Totals): components['schemas']['OrderTotals'] {
  return {
    subtotal: toAmount(totals.subtotal),
    tax: toAmount(totals.tax),
    shipping: toAmount(totals.shipping),
    discount: toAmount(totals.discount),
    total: toAmount(totals.total),
  };
}
