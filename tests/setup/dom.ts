// Setup for the `dom` vitest project (jsdom).
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// jsdom has no matchMedia; react-hot-toast reads prefers-reduced-motion and the theme reads
// prefers-color-scheme. Tests that need a specific answer can override it with vi.spyOn.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// conventions.md: a console.error in a test fails it (React act() and key warnings, a11y
// complaints and unhandled rejections logged by libraries would otherwise scroll by unnoticed).
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  // Without vitest globals Testing Library cannot register its own cleanup; unmount first so
  // errors logged during unmount are still caught below.
  cleanup();
  const logged = consoleErrors;
  consoleErrors = [];
  vi.mocked(console.error).mockRestore();
  if (logged.length > 0) {
    const text = logged
      .map((args) =>
        args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' '),
      )
      .join('\n---\n');
    throw new Error(`console.error was called ${logged.length} time(s) during this test:\n${text}`);
  }
});
