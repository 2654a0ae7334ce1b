import { css } from 'styled-system/css';
import { Button } from './button';
import { Spinner } from './spinner';

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
      className={css({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        gap: '3',
        p: { base: '5', md: '6' },
        bg: 'surface',
        borderWidth: '1px',
        borderColor: 'danger',
        borderRadius: 'xl',
      })}
    >
      <p className={css({ fontWeight: 'semibold', color: 'text' })}>{title}</p>
      {detail ? <p className={css({ color: 'textMuted', fontSize: 'sm' })}>{detail}</p> : null}
      <Button onClick={onRetry} disabled={retrying} visual="outline" size="sm">
        {retrying ? <Spinner size="sm" label="Retrying..." showLabel /> : 'Try again'}
      </Button>
    </div>
  );
}
