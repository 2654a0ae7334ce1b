import { css, cx } from 'styled-system/css';

/** Spec §1 / §9: the app promotion, exactly this text. */
export const APP_PROMO = 'Get 20% Off in the App';

const BADGES = [
  { src: '/images/home/app-badge-ios.svg', alt: 'Download on the App Store' },
  { src: '/images/home/app-badge-android.svg', alt: 'Get it on Google Play' },
] as const;

/**
 * The two store badges. The apps are not published yet (spec §1: "targets not set"), so the
 * badges are images, not links that would lead nowhere; the caption says so.
 */
export function AppBadges({ className }: { className?: string }) {
  return (
    <div className={cx(css({ display: 'flex', flexDirection: 'column', gap: '2' }), className)}>
      <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', listStyle: 'none' })}>
        {BADGES.map((badge) => (
          <li key={badge.src}>
            {/* The art's own 200×60, shown 40 px high: the box is fixed in CSS, not by the file. */}
            <img
              src={badge.src}
              alt={badge.alt}
              width={200}
              height={60}
              loading="lazy"
              decoding="async"
              className={css({ h: '10', w: 'auto', aspectRatio: '10 / 3', display: 'block' })}
            />
          </li>
        ))}
      </ul>
      <p className={css({ fontSize: 'xs', color: 'textMuted' })}>Store links coming soon.</p>
    </div>
  );
}
