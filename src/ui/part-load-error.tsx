import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Button } from './button';

export type PartLoadErrorProps = {
  /** What could not be shown, e.g. "Your cart could not be loaded." */
  title: string;
  onRetry: () => void;
  /** Overlays: a way out (closes the overlay); pages and steps have their own. */
  onClose?: () => void;
  /** `overlay`: a panel floating where the overlay would be; `inline`: in the flow. */
  placement: 'overlay' | 'inline';
  children?: ReactNode;
};

/** In place of a part loaded on demand that failed (lazy-part.tsx): what happened, and Retry. */
export function PartLoadError({
  title,
  onRetry,
  onClose,
  placement,
  children,
}: PartLoadErrorProps) {
  return (
    <div
      role="alert"
      data-testid="part-load-error"
      className={css(
        {
          display: 'flex',
          flexDirection: 'column',
          gap: '3',
          p: '5',
          bg: 'surface',
          color: 'text',
          borderWidth: '1px',
          borderColor: 'danger',
          borderRadius: 'lg',
        },
        placement === 'overlay'
          ? {
              position: 'fixed',
              zIndex: 40,
              insetInline: '4',
              bottom: '4',
              maxW: 'md',
              mx: 'auto',
              boxShadow: 'raised',
              sm: { insetInline: 'auto', right: '6', top: '24', bottom: 'auto', w: 'md' },
            }
          : {},
      )}
    >
      <p className={css({ fontWeight: 'semibold' })}>{title}</p>
      <p>
        {navigator.onLine
          ? 'The connection dropped, or the shop was just updated. Retry to load it again.'
          : 'You are offline. Check your connection, then retry.'}
      </p>
      {children}
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        <Button onClick={onRetry}>Retry</Button>
        {onClose ? (
          <Button visual="outline" onClick={onClose}>
            Close
          </Button>
        ) : null}
      </div>
    </div>
  );
}
