// Setup of every vitest project (machines, dom, server, contracts): a console.error during a test
// fails it (docs/conventions.md). React act() and key warnings, a11y complaints, an unexpected
// server error logged by a handler, unhandled rejections logged by libraries: none scrolls by
// unnoticed.
// A test that expects an error to be logged replaces the spy's implementation itself
// (vi.mocked(console.error).mockImplementation(...)) and asserts on what it got.
import { afterEach, beforeEach, vi } from 'vitest';

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

// Registered first, so it runs after the other setup files' afterEach hooks (vitest runs after
// hooks in reverse order): errors logged while the dom project unmounts are still caught.
afterEach(() => {
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
