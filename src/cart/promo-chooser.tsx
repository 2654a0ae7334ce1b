import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { isApiError } from '../api/api-error';
import { cartMutations } from '../api/cart.mutations';
import { cartQueries } from '../api/cart.queries';
import type { Cart, Promo, UnavailablePromo } from '../api/types';
import { Button } from '../ui/button';
import { useAppForm } from '../components/shop-form';
import { formatDiscount } from '../lib/format-price';
import { Spinner } from '../ui/spinner';
import { cartChangeWords, hasDiscount } from './cart-text';
import { useCartAnnounce } from './cart-announcer';

const sectionStyle = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const subheadingStyle = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'text' });
const promoRowStyleRaw = css.raw({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
});
const promoRowStyle = css(promoRowStyleRaw, { alignItems: 'center', bg: 'surface' });
const unavailableRowStyle = css(promoRowStyleRaw, { bg: 'surfaceMuted' });
const listStyle = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none' });

/** The server's reason for a refusal: the field message of a bad code, else the error's message. */
function refusalReason(error: unknown): string {
  if (isApiError(error)) return error.fieldError('code') ?? error.message;
  return 'The promo could not be applied. Please try again.';
}

/**
 * Spec §2 "Promo chooser" with D7: a typed code, the promos the cart's items qualify for (from
 * the cart, not product 1), and the others read-only with the server's reason. While one apply
 * runs every Apply is disabled; they come back when it finishes. The chip shows the applied
 * code only when it saves something (spec §4); closing it clears the promo, and a failure to
 * clear is only logged (spec §8).
 */
export function PromoChooser({ cart }: { cart: Cart }) {
  const queryClient = useQueryClient();
  const mutations = cartMutations(queryClient);
  const promos = useQuery(cartQueries.promos());
  const [refusal, setRefusal] = useState<string | null>(null);
  const [applied, setApplied] = useState<string | null>(null);
  const codeBox = useRef<HTMLDivElement>(null);
  // The outcome is shown here and said once, with the new total, by the cart's live region.
  const announce = useCartAnnounce();
  const onApplied = (next: Cart) => {
    const message = next.promoValidation?.message ?? null;
    setRefusal(null);
    setApplied(message);
    announce.say(cartChangeWords({ kind: 'promo', message: message ?? 'Promo applied' }, next));
  };
  const onRefused = (error: unknown) => {
    const reason = refusalReason(error);
    setApplied(null);
    setRefusal(reason);
    announce.say(reason);
  };
  // The options write the cart cache; what this view does with an answer goes with each mutate.
  const applyPromo = useMutation(mutations.applyPromo);
  const applyCode = useMutation(mutations.applyPromoCode);
  const clearPromo = useMutation(mutations.clearPromo);
  const onClear = () =>
    clearPromo.mutate(undefined, {
      onSuccess: (next) => {
        setApplied(null);
        announce.say(cartChangeWords({ kind: 'promo', message: 'Promo removed' }, next));
        // The control that had focus (chip or Remove) is gone with the promo.
        codeBox.current?.querySelector('input')?.focus();
      },
      // Spec §8: nothing is shown; the promo simply stays.
      onError: (error) => console.warn('Failed to clear promo', error),
    });
  const applying = applyPromo.isPending || applyCode.isPending;

  const form = useAppForm({
    defaultValues: { code: '' },
    onSubmit: ({ value, formApi }) => {
      applyCode.mutate(value.code.trim(), {
        onSuccess: (next) => {
          onApplied(next);
          formApi.reset();
        },
        onError: onRefused,
      });
    },
  });

  const headingId = useId();
  const unavailableId = useId();
  return (
    <section aria-labelledby={headingId} className={sectionStyle} data-testid="promo-chooser">
      <div>
        <h3 id={headingId} className={css({ fontSize: 'md', fontWeight: 'bold' })}>
          Discount Promo Code
        </h3>
        <p className={css({ fontSize: 'sm', color: 'textMuted' })}>
          Choose your best voucher discount
        </p>
      </div>

      {hasDiscount(cart) && cart.promo ? (
        <PromoChip
          code={cart.promo.code}
          discount={cart.discount}
          clearing={clearPromo.isPending}
          onClear={onClear}
        />
      ) : cart.promo ? (
        // No chip for a promo that saves nothing (spec §4), but the shopper must still see it and
        // be able to take it off: an attached promo blocks every other one.
        <AttachedPromoNote
          code={cart.promo.code}
          refusal={cart.promoValidation?.accepted === false ? cart.promoValidation.message : null}
          clearing={clearPromo.isPending}
          onClear={onClear}
        />
      ) : null}

      <form
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
        className={css({ display: 'flex', alignItems: 'flex-end', gap: '2' })}
      >
        <div ref={codeBox} className={css({ flex: '1', minW: '0' })}>
          <form.AppField name="code">
            {(field) => (
              <field.TextInput label="Promo code" placeholder="Enter code" autoComplete="off" />
            )}
          </form.AppField>
        </div>
        <Button type="submit" visual="outline" disabled={applying} aria-label="Apply code">
          Apply
        </Button>
      </form>

      <p
        data-testid="promo-refusal"
        className={css({ fontSize: 'sm', color: 'danger', _empty: { display: 'none' } })}
      >
        {refusal}
      </p>
      <p className={css({ fontSize: 'sm', color: 'success', _empty: { display: 'none' } })}>
        {applied}
      </p>

      {promos.isPending ? (
        <Spinner size="sm" label="Loading promos..." />
      ) : promos.isError ? (
        <p className={css({ fontSize: 'sm', color: 'textMuted' })}>
          The promos could not be loaded.{' '}
          <Button visual="ghost" size="sm" onClick={() => void promos.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <>
          {promos.data.availablePromos.length > 0 ? (
            <ul className={listStyle} aria-label="Available promos">
              {promos.data.availablePromos.map((promo) => (
                <AvailablePromo
                  key={promo.promoId}
                  promo={promo}
                  isApplied={cart.promo?.promoId === promo.promoId}
                  disabled={applying}
                  onApply={() =>
                    applyPromo.mutate(promo.promoId, { onSuccess: onApplied, onError: onRefused })
                  }
                />
              ))}
            </ul>
          ) : null}
          {promos.data.unavailablePromos.length > 0 ? (
            <div className={sectionStyle}>
              <h4 id={unavailableId} className={subheadingStyle}>
                Discount not available for this product
              </h4>
              {/* Scrolls inside (spec §9: 200 px). Nothing in it is focusable (read-only), so
                  the region itself takes focus for keyboard users to scroll it. */}
              <div
                role="region"
                aria-labelledby={unavailableId}
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
                tabIndex={0}
                data-testid="unavailable-promos"
                className={css({
                  maxH: '200px',
                  overflowY: 'auto',
                  borderRadius: 'lg',
                  _focusVisible: { focusOutline: 'flush' },
                })}
              >
                <ul className={listStyle}>
                  {promos.data.unavailablePromos.map((promo) => (
                    <UnavailablePromoItem key={promo.promoId} promo={promo} />
                  ))}
                </ul>
              </div>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function PromoText({ promo }: { promo: Promo }) {
  return (
    <div className={css({ minW: '0' })}>
      <p className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>{promo.title}</p>
      <p className={css({ fontSize: 'xs', color: 'textMuted' })}>
        <span className={css({ fontFamily: 'mono', letterSpacing: 'wide' })}>{promo.code}</span>
        {' · '}
        {promo.description}
      </p>
    </div>
  );
}

function AvailablePromo({
  promo,
  isApplied,
  disabled,
  onApply,
}: {
  promo: Promo;
  isApplied: boolean;
  disabled: boolean;
  onApply: () => void;
}) {
  return (
    <li className={promoRowStyle}>
      <PromoText promo={promo} />
      <Button
        size="sm"
        visual={isApplied ? 'ghost' : 'solid'}
        disabled={disabled || isApplied}
        aria-label={`${isApplied ? 'Applied' : 'Apply'} ${promo.title}`}
        onClick={onApply}
      >
        {isApplied ? 'Applied' : 'Apply'}
      </Button>
    </li>
  );
}

function UnavailablePromoItem({ promo }: { promo: UnavailablePromo }) {
  return (
    <li className={unavailableRowStyle}>
      <div className={css({ minW: '0' })}>
        <PromoText promo={promo} />
        <p className={css({ fontSize: 'xs', color: 'text', mt: '1' })}>{promo.reason}</p>
      </div>
    </li>
  );
}

function PromoChip({
  code,
  discount,
  clearing,
  onClear,
}: {
  code: string;
  discount: number;
  clearing: boolean;
  onClear: () => void;
}) {
  return (
    <div
      data-testid="promo-chip"
      className={css({
        alignSelf: 'flex-start',
        display: 'inline-flex',
        alignItems: 'center',
        gap: '2',
        pl: '3',
        pr: '1',
        py: '1',
        borderRadius: 'full',
        bg: 'accent',
        color: 'accentText',
        fontSize: 'sm',
        fontWeight: 'semibold',
      })}
    >
      <span className={css({ fontFamily: 'mono', letterSpacing: 'wide' })}>{code}</span>
      <span>{formatDiscount(discount)}</span>
      <button
        type="button"
        aria-label={`Remove promo ${code}`}
        disabled={clearing}
        onClick={onClear}
        className={css({
          display: 'grid',
          placeItems: 'center',
          w: '7',
          h: '7',
          borderRadius: 'full',
          cursor: 'pointer',
          bg: 'transparent',
          color: 'inherit',
          _hover: { bg: 'surface', color: 'text' },
          _focusVisible: { focusOutline: 'onAccent' },
          _disabled: { opacity: 0.6, cursor: 'progress' },
        })}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" width="12" height="12">
          <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </div>
  );
}

function AttachedPromoNote({
  code,
  refusal,
  clearing,
  onClear,
}: {
  code: string;
  /** The server's reason when the attached promo no longer applies to this cart. */
  refusal: string | null;
  clearing: boolean;
  onClear: () => void;
}) {
  return (
    <div
      data-testid="attached-promo"
      className={css({
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '3',
        fontSize: 'sm',
        color: 'textMuted',
      })}
    >
      <p>
        <span className={css({ fontFamily: 'mono', color: 'text' })}>{code}</span> is applied
        {refusal ? ` but does not count: ${refusal}.` : ' but takes nothing off this cart yet.'}
      </p>
      <Button
        visual="ghost"
        size="sm"
        aria-label={`Remove promo ${code}`}
        disabled={clearing}
        onClick={onClear}
      >
        Remove
      </Button>
    </div>
  );
}
