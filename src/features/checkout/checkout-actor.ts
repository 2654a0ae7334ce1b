import type { ActorRefFrom } from 'xstate';
import type { checkoutMachine } from '../../../machines/checkout.machine';
import type { paymentMachine } from '../../../machines/payment.machine';

export type CheckoutActorRef = ActorRefFrom<typeof checkoutMachine>;
export type PaymentActorRef = ActorRefFrom<typeof paymentMachine>;
