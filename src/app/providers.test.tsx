import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { toast } from '../ui/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers';
import { startTheme, type ThemeStore } from './theme';

let theme: ThemeStore | undefined;

/** Renders the providers and waits for the toaster, a chunk of its own loaded on demand. */
async function renderProviders() {
  theme = startTheme();
  render(
    <AppProviders queryClient={new QueryClient()} theme={theme}>
      <p>page</p>
    </AppProviders>,
  );
  await vi.waitFor(() => {
    if (!document.querySelector('[data-rht-toaster]')) throw new Error('no toaster yet');
  });
  // The toaster follows react-hot-toast's store from an effect: on a busy machine that effect
  // had not run yet when the first test raised its toast, which then never showed (a gate run).
  await act(async () => undefined);
}

/** The toasts on screen (react-hot-toast renders each message in a status region). */
function visibleToasts(): string[] {
  return screen.queryAllByRole('status').map((toastElement) => toastElement.textContent ?? '');
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => {
    toast.remove();
  });
  theme?.stop();
  theme = undefined;
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  vi.useRealTimers();
});

/** Lets time pass, then lets react-hot-toast remove what it dismissed (1 s after dismissal). */
function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('toasts (spec §4 and §9)', () => {
  it.each([
    ['blank', 4000, 'Saved for later', () => toast('Saved for later')],
    ['error', 4000, 'Something failed', () => toast.error('Something failed')],
    ['success', 2000, 'Payment successful!', () => toast.success('Payment successful!')],
    ['custom', 4000, 'Custom note', () => toast.custom(<span>Custom note</span>)],
  ] as const)('a %s toast stays %i ms', async (_, duration, text, show) => {
    await renderProviders();
    act(() => {
      show();
    });
    expect(screen.queryByText(text)).not.toBeNull();

    advance(duration - 100);
    expect(screen.queryByText(text)).not.toBeNull();

    // Dismissed at `duration`, then taken off after react-hot-toast's exit delay (1 s).
    advance(100);
    advance(1000);
    expect(screen.queryByText(text)).toBeNull();
  });

  it('a loading toast stays until it is dismissed', async () => {
    await renderProviders();
    let id = '';
    act(() => {
      id = toast.loading('Processing payment...');
    });

    advance(60_000);
    expect(visibleToasts()).toEqual(['Processing payment...']);

    act(() => {
      toast.dismiss(id);
    });
    advance(0);
    advance(1000);
    expect(visibleToasts()).toHaveLength(0);
  });

  it('shows at most 20 at once, the newest', async () => {
    await renderProviders();
    act(() => {
      for (let index = 1; index <= 25; index += 1) toast(`Toast ${index}`);
    });

    const shown = visibleToasts();
    expect(shown).toHaveLength(20);
    expect(shown).toContain('Toast 25');
    expect(shown).not.toContain('Toast 5');
  });
});

describe('one toast policy (issue 16)', () => {
  it('a success dismisses the errors it answers, and only those', async () => {
    await renderProviders();
    act(() => {
      toast.error('Invalid email or password', { topic: 'auth' });
      toast.error('Only 3 left in stock');
    });

    act(() => {
      toast.success('Log in successfully', { topic: 'auth' });
    });
    advance(0);
    advance(1000);

    expect(screen.queryByText('Invalid email or password')).toBeNull();
    expect(screen.queryByText('Log in successfully')).not.toBeNull();
    expect(screen.queryByText('Only 3 left in stock')).not.toBeNull();
  });

  it('each toast has a close button that dismisses it', async () => {
    await renderProviders();
    act(() => {
      toast.error('Something failed');
    });

    act(() => {
      screen.getByRole('button', { name: 'Close notification' }).click();
    });
    advance(0);
    advance(1000);

    expect(screen.queryByText('Something failed')).toBeNull();
  });

  it('never covers the header: below it on wide screens, at the bottom on phones', async () => {
    await renderProviders();
    const container = document.querySelector<HTMLElement>('[data-rht-toaster]');
    // The header is 4rem high, 5rem from lg up: the toasts start below it.
    expect(container?.style.top).toBe('5.5rem');

    const phone = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation(
        (query: string) =>
          ({ matches: query.includes('max-width'), media: query }) as MediaQueryList,
      );
    act(() => {
      toast.error('Invalid email or password', { position: 'top-right' });
    });
    const wrapper = screen
      .getByText('Invalid email or password')
      .closest<HTMLElement>('[style*="position: absolute"]');
    expect(wrapper?.style.bottom).toBe('0px');
    phone.mockRestore();
  });
});

describe('the toaster (ADR-0014)', () => {
  it('is not loaded until a screen that raises toasts is, then shows what was raised meanwhile', async () => {
    // Fresh copies of the modules, as on a first visit: nothing has imported toast.ts yet.
    vi.resetModules();
    const { AppProviders: FreshProviders } = await import('./providers');
    render(
      <FreshProviders queryClient={new QueryClient()} theme={(theme = startTheme())}>
        <p>page</p>
      </FreshProviders>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(document.querySelector('[data-rht-toaster]')).toBeNull();

    const fresh = await import('../ui/toast');
    act(() => {
      fresh.toast.success('Payment successful!');
    });

    await vi.waitFor(() => {
      expect(screen.queryByText('Payment successful!')).not.toBeNull();
    });
    act(() => {
      fresh.toast.remove();
    });
  });
});
