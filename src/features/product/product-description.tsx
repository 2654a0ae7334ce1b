import { useId, useState } from 'react';
import { css } from 'styled-system/css';

/** Spec §9: descriptions are cut at 200 characters, with Read more / Read less. */
export const DESCRIPTION_LIMIT = 200;

export function ProductDescription({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = text.length > DESCRIPTION_LIMIT;
  const shown = !long || expanded ? text : `${text.slice(0, DESCRIPTION_LIMIT).trimEnd()}...`;
  return (
    <div
      className={css({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        gap: '1',
      })}
    >
      <p
        id={id}
        data-testid="product-description"
        className={css({ color: 'textMuted', lineHeight: 'relaxed' })}
      >
        {shown}
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
          className={css({
            color: 'accent',
            fontWeight: 'semibold',
            textDecoration: 'underline',
            textUnderlineOffset: '3px',
            cursor: 'pointer',
            borderRadius: 'sm',
            _focusVisible: { focusOutline: 'outside' },
          })}
        >
          {expanded ? 'Read less' : 'Read more'}
        </button>
      ) : null}
    </div>
  );
}
