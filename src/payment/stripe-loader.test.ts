// @vitest-environment jsdom
// (The offline sandbox reads the page's origin, which node has no window for.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client';

const loadStripe = vi.fn();
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe }));

async function freshLoader() {
  vi.resetModules();
  return import('./stripe-loader');
}

describe('getStripe', () => {
  const api = createApiClient({ baseUrl: 'http://shop.test' });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    loadStripe.mockReset();
  });

  it('gives the offline sandbox when no publishable key is configured', async () => {
    vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', '');
    const { getStripe } = await freshLoader();
    const stripe = await getStripe(api);
    expect(typeof stripe?.confirmCardPayment).toBe('function');
    expect(typeof stripe?.elements).toBe('function');
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it('points the sandbox at the Stripe stand-in on the API’s own origin', async () => {
    vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', '');
    const fetch = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(
          JSON.stringify({ id: 'pi_1', object: 'payment_intent', status: 'processing' }),
          { status: 200 },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const { getStripe } = await freshLoader();
    const stripe = await getStripe(api);
    expect(await stripe?.retrievePaymentIntent('pi_1_secret_2')).toEqual({
      paymentIntent: { id: 'pi_1', object: 'payment_intent', status: 'processing' },
    });
    const url = new URL(String(fetch.mock.calls[0]?.[0]));
    expect(url.origin + url.pathname).toBe('http://shop.test/v1/payment_intents/pi_1');
  });

  it('loads real Stripe.js with the configured key', async () => {
    vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', 'pk_test_123');
    const real = { elements: () => undefined };
    loadStripe.mockResolvedValue(real);
    const { getStripe } = await freshLoader();
    expect(await getStripe(api)).toBe(real);
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
  });

  it('answers null when Stripe.js hangs past our timeout, and tries again next time', async () => {
    vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', 'pk_test_123');
    loadStripe.mockReturnValue(new Promise(() => undefined));
    const { getStripe } = await freshLoader();
    expect(await getStripe(api, 20)).toBeNull();
    await Promise.resolve();
    loadStripe.mockResolvedValue({ elements: () => undefined });
    expect(await getStripe(api, 20)).not.toBeNull();
  });

  it('answers null (never a rejection) when Stripe.js fails to load', async () => {
    vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', 'pk_test_123');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    const { getStripe } = await freshLoader();
    expect(await getStripe(api, 1000)).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
