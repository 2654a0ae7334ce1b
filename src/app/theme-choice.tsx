import { css } from 'styled-system/css';
import {
  THEME_PREFERENCES,
  useThemePreference,
  useThemeStore,
  type ThemePreference,
} from './theme';

const LABELS: Record<ThemePreference, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'System',
};

const optionStyle = css({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minH: '9',
  px: '3',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'textMuted',
  borderRadius: 'full',
  cursor: 'pointer',
  _hover: { color: 'text' },
  '&:has(input:checked)': { bg: 'surface', color: 'text', boxShadow: 'xs' },
  '&:has(input:focus-visible)': {
    focusOutline: 'snug',
  },
});

/**
 * The three theme preferences of spec §3 as one radio group. The header's toggle flips between
 * light and dark (spec §4); this is the way back to following the device's setting.
 */
export function ThemeChoice() {
  const theme = useThemeStore();
  const preference = useThemePreference();
  return (
    <fieldset className={css({ border: 'none', p: '0', m: '0' })}>
      <legend className={css({ fontSize: 'sm', fontWeight: 'bold', color: 'text', mb: '2' })}>
        Theme
      </legend>
      <div
        className={css({
          display: 'inline-flex',
          gap: '1',
          p: '1',
          bg: 'bg',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'full',
        })}
      >
        {THEME_PREFERENCES.map((option) => (
          <label key={option} className={optionStyle}>
            <input
              type="radio"
              name="theme-preference"
              value={option}
              checked={preference === option}
              onChange={() => theme.choose(option)}
              className={css({ srOnly: true })}
            />
            {LABELS[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
