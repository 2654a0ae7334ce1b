// Setup for the `dom` vitest project (jsdom), after tests/setup/console.ts.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait for the state itself; 1 s (the default) is shorter than a lazily loaded
// page's first import takes on a loaded 2-core machine (layout's aria-current test failed so in a
// gate run beside a second e2e run). A passing wait still returns as soon as the state is there.
configure({ asyncUtilTimeout: 5_000 });

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

afterEach(() => {
  // Without vitest globals Testing Library cannot register its own cleanup; this runs before
  // tests/setup/console.ts checks console.error, so errors logged during unmount still fail.
  cleanup();
});
