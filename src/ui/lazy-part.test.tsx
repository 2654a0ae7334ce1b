import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyPart, PartErrorBoundary } from './lazy-part';

let reported: unknown[] = [];
beforeEach(() => {
  reported = [];
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
    reported.push(...args);
  });
});

const offline = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
const Loaded = () => <p>Loaded part</p>;

function renderPart(Part: React.ComponentType) {
  render(
    <>
      <p>Header</p>
      <PartErrorBoundary
        fallback={({ error, retry }) => (
          <div role="alert">
            {error instanceof ChunkLoadError ? 'Could not load' : 'Broke'}
            <button type="button" onClick={retry}>
              Retry
            </button>
          </div>
        )}
      >
        <Suspense fallback={<p>Loading</p>}>
          <Part />
        </Suspense>
      </PartErrorBoundary>
    </>,
  );
}

describe('lazyPart: parts loaded on demand (issue 16)', () => {
  it('retries a failed load once by itself', async () => {
    const load = vi.fn().mockImplementationOnce(offline).mockResolvedValue(Loaded);
    renderPart(lazyPart(load));

    await screen.findByText('Loaded part');
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('after two failures shows the message with Retry in its place, and Retry loads again', async () => {
    const load = vi
      .fn()
      .mockImplementationOnce(offline)
      .mockImplementationOnce(offline)
      .mockResolvedValue(Loaded);
    renderPart(lazyPart(load));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load');
    expect(screen.getByText('Header')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));

    await screen.findByText('Loaded part');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
