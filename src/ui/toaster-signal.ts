import { useSyncExternalStore } from 'react';

/**
 * Whether the toaster is needed yet. The toaster lives in a chunk of its own that the first
 * screen does not carry (ADR-0014); `toast.ts`, the one door to react-hot-toast, calls
 * `wantToaster()` when it is first loaded, and the app shell mounts the toaster from then on. So
 * a toast raised from any screen is always seen. Kept apart from `toast.ts` so that the shell can
 * listen without loading react-hot-toast.
 */
let toasterWanted = false;
const listeners = new Set<() => void>();

export function wantToaster() {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True once anything that raises toasts has been loaded; never false again. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => toasterWanted,
    () => false,
  );
}
