import { css, cx } from 'styled-system/css';
import { Button } from './button';
import { Spinner } from './spinner';
import { panel } from './panel';

export type LoadErrorProps = {
  /** What could not be loaded, in the shopper's words. */
  title: string;
  /** The error's own message (ApiError messages are written for shoppers). */
  detail?: string;
  onRetry: () => void;
  retrying: boolean;
};

/** A failed load: says what failed and offers to try again, announced as an alert. */
export function LoadError({ title, detail, onRetry, retrying }: LoadErrorProps) {
  return (
    <div
      role="alert"
      className={cx(
        panel({ tone: 'danger' }),
        css({
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          gap: '3',
          p: { base: '5', md: '6' },
        }),
      )}
    >
      <p className={css({ fontWeight: 'semibold', color: 'text' })}>{title}</p>
      {detail ? <p className={css({ color: 'textMuted', fontSize: 'sm' })}>{detail}</p> : null}
      <Button onClick={onRetry} disabled={retrying} visual="outline" size="sm">
        {retrying ? <Spinner size="sm" label="Retrying..." showLabel /> : 'Try again'}
      </Button>
    </div>
  );
}
