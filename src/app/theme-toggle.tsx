import { css } from 'styled-system/css';
import { Button } from '../ui/button';
import { usePaintedScheme, useThemeStore } from './theme';

export function ThemeToggle() {
  const theme = useThemeStore();
  const painted = usePaintedScheme();
  const label = painted === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <Button
      visual="ghost"
      size="icon"
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      onClick={theme.toggle}
    >
      {painted === 'dark' ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}

const iconStyle = css({ w: '5', h: '5' });

function MoonIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={iconStyle}>
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z"
      />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={iconStyle}>
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </g>
    </svg>
  );
}
