import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import type { OrderDetail } from '../../api/types';
import { formatPrice } from '../../lib/format-price';
import {
  BlockedNotice,
  CardElements,
  CardFields,
  PaymentNotice,
  useCardHandle,
} from '../../payment/card-fields';
import { Button } from '../../ui/button';
import { panel } from '../../ui/panel';
import { Spinner } from '../../ui/spinner';
import { generalProcessingError, isProcessing } from '../../../machines/payment.selectors';
import {
  finishPayOrder,
  orderDraftOf,
  payOrderInput,
  providePayOrderMachine,
} from './pay-order-logic';

/**
 * Pay now on the order's page, in any tab or browser that may read the order (issue 30,
 * ADR-0058): the card fields the checkout uses and one Pay now button. It pays this order, never
 * a new one; a declined card says why next to the card fields, as on the checkout's Payment step.
 */
export function PayOrderPanel({
  order,
  orderToken,
}: {
  order: OrderDetail;
  orderToken: string | null;
}) {
  return (
    <section
      aria-labelledby="pay-now-heading"
      data-testid="pay-now-panel"
      className={cx(panel(), css({ p: { base: '4', md: '6' }, mb: { base: '6', md: '8' } }))}
    >
      <h2 id="pay-now-heading" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '2' })}>
        Pay for this order
      </h2>
      <p className={css({ color: 'textMuted', mb: '4' })}>
        Pay {formatPrice(order.totalAmount)} by card for order #{order.orderId}. You will not be
        charged twice.
      </p>
      <CardElements>
        <PayOrderForm order={order} orderToken={orderToken} />
      </CardElements>
    </section>
  );
}

function PayOrderForm({ order, orderToken }: { order: OrderDetail; orderToken: string | null }) {
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    providePayOrderMachine({ queryClient, orderId: order.orderId, orderToken }),
  );
  const payment = useActorRef(logic, { input: payOrderInput(order) }, (snapshot) => {
    if (snapshot.status === 'done') finishPayOrder(queryClient, order.orderId, snapshot.output);
  });
  const snapshot = useSelector(payment, (s) => s);
  const cardHandle = useCardHandle();
  const { context } = snapshot;
  const processing = isProcessing(snapshot);
  const submitEvent = { type: 'payment.submit' as const, draft: orderDraftOf(order), card: null };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        payment.send({ ...submitEvent, card: cardHandle() });
      }}
    >
      {processing ? (
        <div className={css({ py: '8', display: 'flex', justifyContent: 'center' })}>
          <Spinner size="lg" showLabel label="Processing payment... Don't refresh the page" />
        </div>
      ) : null}
      <CardFields
        fields={context.fields}
        initialHolderName={context.shippingAddress.name}
        onFieldChange={(field, state) =>
          payment.send({ type: 'payment.fieldChanged', field, state })
        }
        hidden={processing}
        notice={
          processing ? null : (
            <PaymentNotice
              paymentError={context.paymentError}
              problem={generalProcessingError(snapshot)}
              action="Pay"
            />
          )
        }
      />
      {context.blocked ? <BlockedNotice blocked={context.blocked} /> : null}
      <div className={css({ mt: '6', display: 'flex', justifyContent: 'flex-end' })}>
        <Button
          type="submit"
          size="lg"
          disabled={!snapshot.can(submitEvent)}
          css={css.raw({ w: { base: 'full', sm: 'auto' } })}
        >
          Pay now
        </Button>
      </div>
    </form>
  );
}
