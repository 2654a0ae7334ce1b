import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ChunkLoadError, lazyPage, RouteErrorBoundary } from './route-error-boundary';
import { RouteBody } from './routes';

// React reports every error a boundary catches with console.error, which the dom setup turns
// into a failure; here those reports are the expected outcome, so they are collected instead
// (the setup file restores console.error after each test).
let reported: unknown[] = [];
beforeEach(() => {
  reported = [];
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
    reported.push(...args);
  });
});

function reportedErrors(): unknown[] {
  return reported.filter((value) => value instanceof Error);
}

/** A page that breaks while rendering on one address and renders fine elsewhere. */
function PageBrokenOn({ path }: { path: string }) {
  const [location] = useLocation();
  if (location === path) throw new Error('The product list exploded');
  return <h1>Fine at {location}</h1>;
}

function renderAt(path: string, children: React.ReactNode) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <RouteBody name="menu">{children}</RouteBody>
    </Router>,
  );
  return { location, user: userEvent.setup() };
}

describe('route error boundary', () => {
  it('shows a message with a way back instead of a blank shop when a page throws', async () => {
    renderAt('/menu', <PageBrokenOn path="/menu" />);

    const alert = await screen.findByRole('alert');
    expect(
      screen
        .getByRole('heading', { level: 1, name: 'Something went wrong' })
        .closest('[role=alert]'),
    ).toBe(alert);
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
    screen.getByRole('button', { name: 'Try again' });
    expect(reportedErrors()).toContainEqual(new Error('The product list exploded'));
  });

  it('clears itself when the shopper goes to another address', async () => {
    const { location } = renderAt('/menu', <PageBrokenOn path="/menu" />);
    await screen.findByRole('heading', { name: 'Something went wrong' });

    act(() => location.navigate('/menu/detail/3'));

    await screen.findByRole('heading', { name: 'Fine at /menu/detail/3' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('"Try again" renders the page again', async () => {
    // Broken until the test says otherwise (React itself renders a failing tree twice).
    let broken = true;
    function FlakyPage() {
      if (broken) throw new Error('Broken for now');
      return <h1>Recovered</h1>;
    }
    const { user } = renderAt('/menu', <FlakyPage />);
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    broken = false;

    await user.click(tryAgain);

    await screen.findByRole('heading', { name: 'Recovered' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers a reload when the page chunk cannot be fetched (a deploy changed the hashes)', async () => {
    const MissingChunk = lazyPage(
      () =>
        Promise.reject<{ Page: () => null }>(
          new TypeError('Failed to fetch dynamically imported module: /assets/menu-page-old.js'),
        ),
      (module) => module.Page,
    );
    renderAt('/menu', <MissingChunk />);

    await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' });
    screen.getByRole('button', { name: 'Retry' });
    screen.getByRole('button', { name: 'Reload page' });
    screen.getByRole('link', { name: 'Go back home' });
    await waitFor(() =>
      expect(reportedErrors().some((e) => e instanceof ChunkLoadError)).toBe(true),
    );
  });

  it('retries the fetch once by itself, then "Retry" fetches the page again (issue 16)', async () => {
    let loads = 0;
    const MenuPage = () => <h1>Menu</h1>;
    const FlakyChunk = lazyPage(
      () => {
        loads += 1;
        return loads <= 2
          ? Promise.reject<{ Page: () => React.ReactNode }>(new TypeError('Failed to fetch'))
          : Promise.resolve({ Page: MenuPage });
      },
      (module) => module.Page,
    );
    const { user } = renderAt('/menu', <FlakyChunk />);
    await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' });
    expect(loads).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    await screen.findByRole('heading', { level: 1, name: 'Menu' });
    expect(loads).toBe(3);
  });

  it('reloads the document from "Reload page"', async () => {
    const reload = vi.fn();
    const location = memoryLocation({ path: '/news' });
    function Boom(): never {
      throw new ChunkLoadError(new TypeError('Failed to fetch'));
    }
    render(
      <Router hook={location.hook}>
        <RouteErrorBoundary location="/news" reload={reload}>
          <Boom />
        </RouteErrorBoundary>
      </Router>,
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload page' }));

    expect(reload).toHaveBeenCalledTimes(1);
  });
});
