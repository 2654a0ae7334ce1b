import { act } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { RouteBody } from './routes';

// A rendered page is hydrated in two passes: the root (header, footer) first, then the page's own
// part, inside the route's Suspense boundary, at idle priority. `#root[data-hydrated]` lets the
// capture script replay held taps and the e2e harness go on: it must mean the page's own part
// works (ADR-0073), not that the root's pass is done.

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** Server-renders `page` in its route, then hydrates it as src/main.tsx does; `seen` in order. */
async function hydrateRoute(page: ReactNode, seen: string[]) {
  window.history.replaceState(null, '', '/menu');
  const tree = (ssrPath?: string) => (
    <Router ssrPath={ssrPath}>
      <RootPass seen={seen} />
      <RouteBody name="menu">{page}</RouteBody>
    </Router>
  );
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(tree('/menu'));
  document.body.append(container);
  const setAttribute = container.setAttribute.bind(container);
  container.setAttribute = (name, value) => {
    seen.push(`mark ${name}`);
    setAttribute(name, value);
  };
  await act(async () => {
    root = hydrateRoot(container, tree());
  });
  return container;
}

/** What the root's pass hydrates (the header's part): its effect runs first. */
function RootPass({ seen }: { seen: string[] }) {
  useEffect(() => {
    seen.push('root pass');
  }, [seen]);
  return <header>Lumen Roastery</header>;
}

function Page({ seen }: { seen: string[] }) {
  useEffect(() => {
    seen.push('page');
  }, [seen]);
  return <h1>Menu</h1>;
}

it('marks #root once the page inside the route has hydrated, after the root pass', async () => {
  const seen: string[] = [];
  const container = await hydrateRoute(<Page seen={seen} />, seen);

  expect(seen).toEqual(['root pass', 'page', 'mark data-hydrated']);
  expect(container.hasAttribute('data-hydrated')).toBe(true);
});

it('marks #root when the page fails and the route shows its error, so held taps still go', async () => {
  // The error is the expected outcome: React's reports of it are collected, not failures.
  vi.mocked(console.error).mockImplementation(() => undefined);
  const seen: string[] = [];
  function Broken(): ReactNode {
    // Fine on the server, broken in the browser: the hydration fails in the page's part.
    if (typeof window !== 'undefined' && seen.length > 0) throw new Error('broken');
    return <h1>Menu</h1>;
  }
  const container = await hydrateRoute(<Broken />, seen);

  expect(container.querySelector('[data-testid="route-error"]')).not.toBeNull();
  expect(container.hasAttribute('data-hydrated')).toBe(true);
});
