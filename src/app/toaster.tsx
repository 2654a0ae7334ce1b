import { Toaster } from 'react-hot-toast';

/**
 * Toast durations of spec §9. At most 20 toasts at once is react-hot-toast's own store limit
 * (stack.md §9), so no option is needed for it.
 */
export const TOAST_DURATIONS = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Infinity,
  custom: 4000,
} as const;

/** Loaded by `AppProviders` once a screen that raises toasts has loaded (toaster-signal.ts). */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATIONS.blank,
        // react-hot-toast paints white inline; follow the theme through the token variables.
        // Written out rather than via styled-system/tokens, whose full token map would
        // otherwise weigh on the first load.
        style: {
          background: 'var(--colors-surface)',
          color: 'var(--colors-text)',
          border: '1px solid var(--colors-border)',
          borderRadius: 'var(--radii-control)',
          boxShadow: 'var(--shadows-raised)',
        },
        error: { duration: TOAST_DURATIONS.error },
        success: { duration: TOAST_DURATIONS.success },
        loading: { duration: TOAST_DURATIONS.loading },
        custom: { duration: TOAST_DURATIONS.custom },
      }}
    />
  );
}
