import type { Stripe } from '@stripe/stripe-js';
import type { ApiClient } from '../api/client';

/**
 * The Stripe instance the payment step hands to <Elements> (D5). With a publishable key
 * configured (VITE_STRIPE_PUBLISHABLE_KEY) it is real Stripe.js, loaded from js.stripe.com only
 * now (the pure entry injects nothing on import); without one it is the offline sandbox, which
 * calls the Stripe-compatible stand-in the reference API serves on this origin (`/v1/...`) as
 * Stripe.js calls Stripe. Both are dynamic imports, so neither is in the first-load
 * bundle, and app code cannot tell which one it got.
 *
 * Stripe.js has no timeout of its own (stack.md §7: a black-holed request never settles), so the
 * load is raced against ours. It never rejects: null means "not loaded", which the payment step
 * shows as the not-loaded message, and a later visit tries again.
 */
export const STRIPE_LOAD_TIMEOUT_MS = 15_000;

let loaded: Promise<Stripe | null> | undefined;

function publishableKey(): string | undefined {
  const key: unknown = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY;
  return typeof key === 'string' && key.trim() !== '' ? key.trim() : undefined;
}

async function load(api: ApiClient): Promise<Stripe | null> {
  const key = publishableKey();
  if (key) {
    const { loadStripe } = await import('@stripe/stripe-js/pure');
    return loadStripe(key);
  }
  const { createSandboxStripe } = await import('./sandbox/stripe-sandbox');
  // The stand-in answers on the API's own origin, under Stripe's paths.
  return createSandboxStripe({ apiBase: new URL(api.baseUrl, window.location.href).origin });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        console.warn('Stripe.js could not be loaded', error);
        resolve(null);
      },
    );
  });
}

/** `api`: the API client the offline sandbox confirms with (its QueryClient's, apiOf). */
export function getStripe(
  api: ApiClient,
  timeoutMs: number = STRIPE_LOAD_TIMEOUT_MS,
): Promise<Stripe | null> {
  if (!loaded) {
    const attempt = withTimeout(load(api), timeoutMs);
    loaded = attempt;
    void attempt.then((stripe) => {
      // Only a loaded Stripe is kept; a failed load is tried again on the next visit.
      if (stripe === null && loaded === attempt) loaded = undefined;
    });
  }
  return loaded;
}
