import { toast as baseToast, Toaster, ToastBar } from 'react-hot-toast';
import { css } from 'styled-system/css';

/**
 * Toast durations of spec §9. At most 20 toasts at once is react-hot-toast's own store limit
 * (stack.md §9), so no option is needed for it.
 */
const TOAST_DURATIONS = {
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
      // Below the sticky header (4rem, 5rem from lg): a toast never covers it or its Order
      // button. Phones get theirs at the bottom (toast.ts).
      containerStyle={{ top: '5.5rem' }}
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
    >
      {(shown) => (
        <ToastBar toast={shown}>
          {({ icon, message }) => (
            <>
              {icon}
              {message}
              {shown.type === 'loading' ? null : (
                <button
                  type="button"
                  aria-label="Close notification"
                  onClick={() => baseToast.dismiss(shown.id)}
                  className={closeButton}
                >
                  <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                    <path
                      d="M4 4l8 8M12 4l-8 8"
                      stroke="currentColor"
                      strokeWidth="1.75"
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
              )}
            </>
          )}
        </ToastBar>
      )}
    </Toaster>
  );
}

const closeButton = css({
  flexShrink: 0,
  display: 'inline-grid',
  placeItems: 'center',
  w: '8',
  h: '8',
  ml: '1',
  borderRadius: 'full',
  color: 'textMuted',
  cursor: 'pointer',
  '& svg': { w: '4', h: '4' },
  _hover: { color: 'text', bg: 'surfaceMuted' },
  _focusVisible: { focusOutline: 'outside' },
});
