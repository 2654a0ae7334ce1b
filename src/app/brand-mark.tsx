import { css } from 'styled-system/css';

/** The brand's mark: a coffee bean under a rising light. Decorative; the name is text beside it. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={css({ flexShrink: 0, color: 'accent' })}
    >
      <circle cx="16" cy="16" r="15" fill="currentColor" />
      <path
        d="M16 6.5c-5 0-8.5 4.3-8.5 9.5s3.5 9.5 8.5 9.5 8.5-4.3 8.5-9.5S21 6.5 16 6.5Z"
        className={css({ fill: 'bg' })}
      />
      <path
        d="M17.6 7.2c-3.4 2.6-4.5 5.7-3.3 8.8 1.2 3.1.4 6.3-2.6 9.2"
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
        className={css({ stroke: 'accent' })}
      />
    </svg>
  );
}
