import { css, cx } from 'styled-system/css';
import { APP_PROMO, AppBadges } from '../components/app-badges';
import { pageColumn } from '../ui/page-container';
import { BrandMark } from './brand-mark';
import { ThemeChoice } from './theme-choice';
import { BRAND_NAME } from '../../contract/brand';

/** Spec §2 / §9: exactly this text. */
const OPENING_HOURS = 'Sun - Mon 10 AM - 22 PM';

const headingStyle = css({
  fontFamily: 'body',
  fontSize: 'sm',
  fontWeight: 'bold',
  letterSpacing: 'wider',
  textTransform: 'uppercase',
  color: 'text',
  mb: '3',
});

const textStyle = css({ color: 'textMuted', fontSize: 'sm', lineHeight: 'relaxed' });

export function SiteFooter() {
  return (
    <footer
      className={css({
        bg: 'surfaceMuted',
        borderTopWidth: '1px',
        borderColor: 'border',
        mt: '16',
      })}
    >
      <div
        className={css(pageColumn, {
          py: { base: '10', md: '14' },
          display: 'grid',
          gap: { base: '8', md: '10' },
          gridTemplateColumns: {
            base: 'minmax(0, 1fr)',
            md: 'repeat(2, minmax(0, 1fr))',
            lg: 'minmax(0, 1.4fr) repeat(3, minmax(0, 1fr))',
          },
        })}
      >
        <section aria-labelledby="footer-app">
          <p
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '2',
              fontFamily: 'heading',
              fontWeight: 'bold',
              fontSize: 'xl',
              mb: '3',
            })}
          >
            <BrandMark size={28} />
            {BRAND_NAME}
          </p>
          <h2 id="footer-app" className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>
            {APP_PROMO}
          </h2>
          <AppBadges />
        </section>

        <section aria-labelledby="footer-location">
          <h2 id="footer-location" className={headingStyle}>
            Location
          </h2>
          <address className={cx(css({ fontStyle: 'normal' }), textStyle)}>
            48 Lantern Street
            <br />
            Portland, OR 97205
            <br />
            United States
          </address>
        </section>

        <section aria-labelledby="footer-service">
          <h2 id="footer-service" className={headingStyle}>
            Customer service
          </h2>
          <ul className={cx(css({ listStyle: 'none' }), textStyle)}>
            <li>
              <a className={linkStyle} href="tel:+15035550142">
                +1 (503) 555-0142
              </a>
            </li>
            <li>
              <a className={linkStyle} href="mailto:hello@lumenroastery.example">
                hello@lumenroastery.example
              </a>
            </li>
          </ul>
        </section>

        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className={headingStyle}>
            Opening hours
          </h2>
          <p className={textStyle} data-testid="opening-hours">
            {OPENING_HOURS}
          </p>
        </section>
      </div>
      <div className={css({ borderTopWidth: '1px', borderColor: 'border' })}>
        <div
          className={css(pageColumn, {
            py: '5',
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '4',
          })}
        >
          <p className={css({ fontSize: 'xs', color: 'textMuted' })}>
            © {new Date().getFullYear()} {BRAND_NAME}
          </p>
          <ThemeChoice />
        </div>
      </div>
    </footer>
  );
}

const linkStyle = css({
  color: 'textMuted',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  wordBreak: 'break-word',
  _hover: { color: 'text' },
});
