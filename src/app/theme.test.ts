import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyColorScheme,
  parseThemePreference,
  startTheme,
  THEME_STORAGE_KEY,
  type ColorScheme,
  type ThemeStore,
} from './theme';

let matchMediaSpy: { mockRestore: () => void } | undefined;

/** A stand-in for the OS colour scheme: what matchMedia answers, and a way to change it. */
function fakeSystemScheme(initial: ColorScheme) {
  let dark = initial === 'dark';
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  matchMediaSpy = vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-color-scheme: dark)' ? dark : false;
        },
        media: query,
        addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
          listeners.add(listener),
        removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
          listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    change(scheme: ColorScheme) {
      dark = scheme === 'dark';
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
    listenerCount: () => listeners.size,
  };
}

const html = document.documentElement;
let theme: ThemeStore | undefined;

/** Boots the theme as a page load would: what was stored, and what the OS says. */
function boot(stored: string | null, os: ColorScheme) {
  if (stored !== null) window.localStorage.setItem(THEME_STORAGE_KEY, stored);
  const system = fakeSystemScheme(os);
  theme = startTheme();
  return { theme, system };
}

const painted = () => [...html.classList];
const stored = () => window.localStorage.getItem(THEME_STORAGE_KEY);

afterEach(() => {
  theme?.stop();
  theme = undefined;
  window.localStorage.clear();
  html.className = '';
  html.removeAttribute('style');
  // Only this spy: the dom setup owns (and restores) its console.error spy.
  matchMediaSpy?.mockRestore();
  matchMediaSpy = undefined;
});

describe('applyColorScheme', () => {
  it('puts exactly one of light and dark on <html>, with the matching color-scheme', () => {
    applyColorScheme('dark');
    expect(painted()).toEqual(['dark']);
    expect(html.style.colorScheme).toBe('dark');

    applyColorScheme('light');
    expect(painted()).toEqual(['light']);
    expect(html.style.colorScheme).toBe('light');
  });

  it('leaves other classes on <html> alone', () => {
    html.classList.add('keep-me');
    applyColorScheme('dark');
    expect(html.classList.contains('keep-me')).toBe(true);
  });
});

describe('parseThemePreference', () => {
  it('accepts exactly the three preferences', () => {
    expect(parseThemePreference('light')).toBe('light');
    expect(parseThemePreference('dark')).toBe('dark');
    expect(parseThemePreference('system')).toBe('system');
    expect(parseThemePreference('Dark')).toBeUndefined();
    expect(parseThemePreference(null)).toBeUndefined();
    expect(parseThemePreference(1)).toBeUndefined();
  });
});

describe('theme: boot', () => {
  it('paints a stored light preference before anything renders, without storing it again', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    setItem.mockClear();
    fakeSystemScheme('dark');

    theme = startTheme();

    expect(painted()).toEqual(['light']);
    expect(theme.getState()).toEqual({
      preference: 'light',
      systemScheme: 'dark',
      painted: 'light',
    });
    expect(setItem).not.toHaveBeenCalled();
    setItem.mockRestore();
  });

  it('paints a stored dark preference', () => {
    boot('dark', 'light');
    expect(painted()).toEqual(['dark']);
    expect(theme?.getState().preference).toBe('dark');
  });

  it('with nothing stored, follows the OS', () => {
    boot(null, 'dark');
    expect(painted()).toEqual(['dark']);
    expect(theme?.getState().preference).toBe('system');
    expect(stored()).toBeNull();
  });

  it('treats an unknown stored value as "system"', () => {
    boot('sepia', 'light');
    expect(painted()).toEqual(['light']);
    expect(theme?.getState().preference).toBe('system');
  });

  it('a stored "system" keeps following the OS after a reload, storing nothing new', () => {
    const { system } = boot('system', 'dark');
    expect(painted()).toEqual(['dark']);

    system.change('light');

    expect(painted()).toEqual(['light']);
    expect(stored()).toBe('system');
  });
});

describe('theme: the toggle (spec §4)', () => {
  it('flips light to dark and stores the choice, and back again', () => {
    const { theme } = boot('light', 'light');

    theme.toggle();
    expect(painted()).toEqual(['dark']);
    expect(stored()).toBe('dark');

    theme.toggle();
    expect(painted()).toEqual(['light']);
    expect(stored()).toBe('light');
  });

  it('from system flips away from what is shown: OS dark goes to light', () => {
    const { theme } = boot('system', 'dark');

    theme.toggle();

    expect(theme.getState()).toEqual({
      preference: 'light',
      systemScheme: 'dark',
      painted: 'light',
    });
    expect(stored()).toBe('light');
  });

  it('from system with the OS light goes to dark', () => {
    const { theme } = boot(null, 'light');

    theme.toggle();

    expect(painted()).toEqual(['dark']);
    expect(stored()).toBe('dark');
  });

  it('tells its subscribers, and stops telling them once stopped', () => {
    const { theme } = boot('light', 'light');
    const listener = vi.fn();
    const unsubscribe = theme.subscribe(listener);

    theme.toggle();
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    theme.toggle();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('theme: an explicit choice', () => {
  it('is stored and no longer follows the OS, until system is chosen', () => {
    const { theme, system } = boot(null, 'light');

    theme.choose('dark');
    expect(painted()).toEqual(['dark']);
    expect(stored()).toBe('dark');

    system.change('light');
    expect(painted()).toEqual(['dark']);

    theme.choose('system');
    expect(painted()).toEqual(['light']);
    expect(stored()).toBe('system');
  });

  it('remembers OS changes meanwhile, and "system" paints the latest', () => {
    const { theme, system } = boot('light', 'light');

    system.change('dark');
    expect(painted()).toEqual(['light']);
    expect(theme.getState().systemScheme).toBe('dark');

    theme.choose('system');
    expect(painted()).toEqual(['dark']);
  });

  it('with storage blocked, still repaints', () => {
    const { theme } = boot(null, 'light');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });

    theme.choose('dark');

    expect(painted()).toEqual(['dark']);
    setItem.mockRestore();
  });
});

describe('theme: stop', () => {
  it('stops listening to the OS', () => {
    const { theme, system } = boot(null, 'dark');
    expect(system.listenerCount()).toBe(1);

    theme.stop();

    expect(system.listenerCount()).toBe(0);
  });
});
