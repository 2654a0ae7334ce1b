import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazyPart, PartErrorBoundary } from '../../ui/lazy-part';
import { PartLoadError } from '../../ui/part-load-error';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { InspectionEvent, Observer } from 'xstate';
import { css } from 'styled-system/css';
import { cartQueries } from '../../api/cart.queries';
import { Button } from '../../ui/button';
import { OrderItemsPanel } from '../../cart/order-items-panel';
import { useCartFlow } from '../../cart/cart-flow';
import { Dialog, DialogClose } from '../../ui/dialog';
import { paths } from '../../lib/paths';
import { checkoutStepIn, withCheckoutStep } from '../../lib/checkout-step';
import { Spinner } from '../../ui/spinner';
import { useSessionUser } from '../../session/session';
import { checkoutStep, checkoutStepName, paymentChild } from '../../../machines/checkout.selectors';
import type { CheckoutDetails, CheckoutStepName } from '../../../machines/checkout.machine';
import { canLeavePayment, isProcessing } from '../../../machines/payment.selectors';
import type { CheckoutActorRef } from './checkout-actor';
import { CHECKOUT_MESSAGES } from './checkout-messages';
import { checkoutDetailsSchema } from './checkout-details.schema';
import { draftKey, readDraft } from './checkout-draft';
import { provideCheckoutMachine } from './checkout-logic';
import { StepIndicator } from './checkout-parts';
import { DetailsStep } from './details-step';
import { OrderSummaryDisclosure } from './order-summary-disclosure';
import { ShippingStep } from './shipping-step';
import { useInspector } from '../../ui/inspector';

// Its own chunk: Stripe or the sandbox loads only when the shopper reaches the payment step.
// Retried once, then a message with Retry in the step's place (issue 16).
const PaymentStep = lazyPart(async () => (await import('./payment-step')).PaymentStep);

/**
 * The checkout overlay (spec §2): opened from the cart, shown while the cart flow's view is
 * 'checkout'. Wires the checkout machine to the API, the cart flow and the router.
 */
export type CheckoutOverlayProps = {
  /** The Stately inspector's observer in dev (see src/app/inspect.ts); watches both machines. */
  inspect?: Observer<InspectionEvent>;
};

export function CheckoutOverlay({ inspect: inspectProp }: CheckoutOverlayProps = {}) {
  const inspect = useInspector() ?? inspectProp;
  const flow = useCartFlow();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const user = useSessionUser();
  const signedInEmail = user?.email ?? null;
  // Provided on every render: useActorRef hands the running actor the latest implementations,
  // so the machine's effects always reach this render's close and navigate.
  const checkout = useActorRef(
    provideCheckoutMachine({
      queryClient,
      close: flow.close,
      showConfirmation: (orderId) => navigate(paths.completedCheckout(orderId)),
      stepInAddress: () => {
        const step = checkoutStepIn(window.location.search);
        return step && { step, details: keptDetails(signedInEmail) };
      },
    }),
    { inspect },
  );
  useResumePayment(checkout, flow.resumingPayment, signedInEmail);
  useStepInAddress(checkout, signedInEmail);
  return <CheckoutView checkout={checkout} signedInEmail={signedInEmail} onClose={flow.close} />;
}

/** Step 0's details as this tab kept them (its draft), or null when they fail step 0's checks. */
function keptDetails(signedInEmail: string | null): CheckoutDetails | null {
  const parsed = checkoutDetailsSchema.safeParse(readDraft(draftKey(signedInEmail)));
  if (!parsed.success) return null;
  return { email: parsed.data.email, shippingAddress: parsed.data.shippingAddress };
}

/**
 * The step in the address (ADR-0057), both ways, in one place so their order is fixed:
 * - an address the shopper moved to (browser Back or Forward) asks the machine for its step,
 *   which decides at once (the step as the address starts is asked by the `address` actor);
 * - the machine's step is written into the address: a step the machine moved to by itself
 *   (Continue, Back, a cancelled payment) is a new history entry, so browser Back returns to the
 *   step before; an address the machine did not follow (a reload on Payment with no address kept,
 *   Back while an order is processed) is corrected in place.
 */
function useStepInAddress(checkout: CheckoutActorRef, signedInEmail: string | null): void {
  const [, navigate] = useLocation();
  // Rendered again when the address changes; read from the browser itself, so a render that runs
  // between a history move and the router hearing of it never acts on the old address.
  const search = useSearch();
  const shown = useSelector(checkout, checkoutStepName);
  const seen = useRef<{ inAddress: CheckoutStepName | null; shown: CheckoutStepName | null }>({
    inAddress: checkoutStepIn(search),
    shown: null,
  });
  useEffect(() => {
    const { pathname, search: actual } = window.location;
    const inAddress = checkoutStepIn(actual);
    const before = seen.current;
    let step = shown;
    if (inAddress !== null && inAddress !== before.inAddress && inAddress !== shown) {
      // effect-send: the router's address is the browser's input here (Back and Forward); the
      // machine must hear it before this effect decides whether to correct the address, and a
      // listener of its own may run after the router has rendered the new address.
      checkout.send({
        type: 'checkout.stepRequested',
        step: inAddress,
        details: keptDetails(signedInEmail),
      });
      step = checkoutStepName(checkout.getSnapshot());
    }
    seen.current = { inAddress, shown: step };
    if (step === null || inAddress === null || step === inAddress) return;
    const moved = before.shown !== null && before.shown !== step && before.inAddress === inAddress;
    navigate(withCheckoutStep(pathname, actual, step), { replace: !moved });
  }, [checkout, search, shown, navigate, signedInEmail]);
}

/**
 * Pay now (ADR-0050): once the checkout stands on step 0, the details this tab kept are given
 * again, so the checkout goes on to Payment, where the payment attempt is taken up again (the
 * same order). Details that no longer pass step 0's checks leave the shopper on step 0.
 */
function useResumePayment(
  checkout: CheckoutActorRef,
  resuming: boolean,
  signedInEmail: string | null,
): void {
  const onDetails = useSelector(checkout, (snapshot) => snapshot.matches('enteringDetails'));
  const done = useRef(false);
  useEffect(() => {
    if (!resuming || !onDetails || done.current) return;
    done.current = true;
    const details = keptDetails(signedInEmail);
    if (!details) return;
    // effect-send: the shopper's Pay now, carried by the cart flow to this overlay's first step,
    // with step 0's details as this tab kept them (no server input to provide).
    checkout.send({ type: 'checkout.resumePayment', details });
  }, [checkout, resuming, onDetails, signedInEmail]);
}

export type CheckoutViewProps = {
  checkout: CheckoutActorRef;
  signedInEmail: string | null;
  onClose: () => void;
};

/** The overlay's content for a checkout actor (the model-based tests render it with fakes). */
export function CheckoutView({ checkout, signedInEmail, onClose }: CheckoutViewProps) {
  // Checkout starts from the server's cart as it is now (another tab may have changed or paid
  // for it), not from a copy cached while the shopper browsed. The machine watches the same
  // query through its `cart` actor; this view only renders it.
  const cart = useQuery({ ...cartQueries.detail(), refetchOnMount: 'always' });
  const snapshot = useSelector(checkout, (s) => s);
  const payment = paymentChild(snapshot);
  const paymentBusy = useSelector(payment, isProcessing);
  const canLeave = useSelector(payment, canLeavePayment);
  const step = checkoutStep(snapshot);
  // The machine decides where Back goes (on Payment it is forwarded to the payment).
  const back = () => checkout.send({ type: 'checkout.back' });

  const { details, shipMethodId, shippingRequired } = snapshot.context;

  return (
    <Dialog
      open
      // An order being paid is not abandoned halfway by Escape or a stray click.
      onOpenChange={(open) => {
        if (!open && !paymentBusy) onClose();
      }}
      title="Secure checkout"
      hideTitle
      variant="sheet"
    >
      <div className={css({ w: 'full', maxW: '7xl', mx: 'auto' })}>
        <div
          className={css({
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: '3',
            mb: { base: '6', md: '8' },
          })}
        >
          <Button visual="outline" size="sm" onClick={back} disabled={step === 2 && !canLeave}>
            Back
          </Button>
          {step !== null ? (
            // On a phone the steps take their own row under Back and Close.
            <div className={css({ order: { base: 3, md: 0 }, w: { base: 'full', md: 'auto' } })}>
              <StepIndicator current={step} />
            </div>
          ) : null}
          <DialogClose asChild>
            <Button visual="ghost" size="sm" disabled={paymentBusy}>
              Close
            </Button>
          </DialogClose>
        </div>

        {cart.isError ? (
          <p role="alert" className={css({ color: 'danger' })}>
            Your cart could not be loaded.{' '}
            <Button visual="ghost" size="sm" onClick={() => void cart.refetch()}>
              Try again
            </Button>
          </p>
        ) : snapshot.matches('loadingCart') || !cart.data ? (
          <Spinner label="Loading your cart..." />
        ) : snapshot.matches('emptyCart') ? (
          <p className={css({ fontSize: 'lg', py: '10', textAlign: 'center' })}>
            {CHECKOUT_MESSAGES.emptyCart}
          </p>
        ) : (
          <div
            className={css({
              display: 'grid',
              gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) 24rem' },
              gap: { base: '8', lg: '10' },
              alignItems: 'start',
            })}
          >
            <OrderSummaryDisclosure cart={cart.data} />
            <div className={css({ minW: '0' })}>
              {snapshot.matches('enteringDetails') ? (
                <DetailsStep
                  signedInEmail={signedInEmail}
                  draftKey={draftKey(signedInEmail)}
                  onSubmit={(submitted) =>
                    checkout.send({ type: 'checkout.detailsSubmitted', details: submitted })
                  }
                  onInvalid={() => checkout.send({ type: 'checkout.detailsRejected' })}
                />
              ) : null}
              {snapshot.matches('choosingShipping') && details ? (
                <ShippingStep
                  details={details}
                  shipMethodId={shipMethodId}
                  saving={snapshot.hasTag('savingShipping')}
                  shippingRequired={shippingRequired}
                  canContinue={snapshot.can({ type: 'checkout.next' })}
                  onChoose={(methodId) =>
                    checkout.send({ type: 'checkout.shippingChosen', methodId })
                  }
                  onNext={() => checkout.send({ type: 'checkout.next' })}
                />
              ) : null}
              {snapshot.matches('paying') && payment ? (
                <PartErrorBoundary
                  fallback={({ retry }) => (
                    <PartLoadError
                      placement="inline"
                      title="The payment step could not be loaded."
                      onRetry={retry}
                    />
                  )}
                >
                  <Suspense fallback={<Spinner label="Loading the payment step..." />}>
                    <PaymentStep payment={payment} cart={cart.data} />
                  </Suspense>
                </PartErrorBoundary>
              ) : null}
            </div>
            <aside
              aria-label="Your order"
              className={css({
                display: { base: 'none', lg: 'block' },
                position: { lg: 'sticky' },
                top: { lg: '0' },
              })}
            >
              <OrderItemsPanel cart={cart.data} />
            </aside>
          </div>
        )}
      </div>
    </Dialog>
  );
}
