import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { pageColumn } from '../../ui/page-container';
import { panel } from '../../ui/panel';

export const eyebrowStyle = css({ textStyle: 'eyebrow', color: 'accent', mb: '3' });

export const leadStyle = css({ textStyle: 'lead', color: 'textMuted' });

/** A whole card that is one link (events, spaces): the card look, lifted on hover and focus. */
export const cardLinkStyle = css.raw({
  h: 'full',
  color: 'text',
  textDecoration: 'none',
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'card',
  overflow: 'hidden',
  boxShadow: 'card',
  transition: 'box-shadow 0.2s ease',
  _hover: { boxShadow: 'raised' },
  _focusVisible: { focusOutline: 'outside' },
});

export type HomeSectionProps = {
  /** The id of the section's <h2>, which names the section for assistive technology. */
  id: string;
  eyebrow: string;
  title: ReactNode;
  /** Beside the heading from md up, under it on phones (a link or carousel controls). */
  action?: ReactNode;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** One home-page section: eyebrow, <h2>, optional intro and action, then its content. */
export function HomeSection({
  id,
  eyebrow,
  title,
  action,
  intro,
  className,
  children,
}: HomeSectionProps) {
  return (
    <section aria-labelledby={id} className={cx(css({ py: 'section' }), className)}>
      <div className={css(pageColumn)}>
        <div
          className={css({
            display: 'flex',
            flexDirection: { base: 'column', md: 'row' },
            alignItems: { base: 'flex-start', md: 'flex-end' },
            justifyContent: 'space-between',
            gap: { base: '4', md: '8' },
            mb: { base: '6', md: '10' },
          })}
        >
          <div className={css({ maxW: '2xl' })}>
            <p className={eyebrowStyle}>{eyebrow}</p>
            <h2 id={id} className={css({ textStyle: 'h2', color: 'text' })}>
              {title}
            </h2>
            {intro ? <p className={cx(leadStyle, css({ mt: '3' }))}>{intro}</p> : null}
          </div>
          {action ? <div className={css({ flexShrink: 0 })}>{action}</div> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

/** A failed home-page block: says what is missing and offers to try again. */
export function SectionError({
  what,
  onRetry,
  retrying,
}: {
  what: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div
      role="alert"
      className={cx(
        panel({ radius: 'card', tone: 'danger' }),
        css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
          p: { base: '4', md: '5' },
        }),
      )}
    >
      <p className={css({ color: 'text' })}>We could not load {what}.</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className={css({
          fontWeight: 'semibold',
          color: 'accent',
          textDecoration: 'underline',
          textUnderlineOffset: '3px',
          cursor: 'pointer',
          borderRadius: 'sm',
          _focusVisible: { focusOutline: 'outside' },
          _disabled: { opacity: 0.6, cursor: 'wait' },
        })}
      >
        {retrying ? 'Trying again...' : 'Try again'}
      </button>
    </div>
  );
}
