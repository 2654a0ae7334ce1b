import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyColorScheme, startThemeActor, THEME_STORAGE_KEY, type ThemeActor } from './theme';

let matchMediaSpy: { mockRestore: () => void } | undefined;

/** A stand-in for the OS colour scheme: what matchMedia answers, and a way to change it. */
function fakeSystemScheme(initial: 'light' | 'dark') {
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
    change(scheme: 'light' | 'dark') {
      dark = scheme === 'dark';
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
    listenerCount: () => listeners.size,
  };
}

const html = document.documentElement;
let actor: ThemeActor | undefined;

afterEach(() => {
  actor?.stop();
  actor = undefined;
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
    expect([...html.classList]).toEqual(['dark']);
    expect(html.style.colorScheme).toBe('dark');

    applyColorScheme('light');
    expect([...html.classList]).toEqual(['light']);
    expect(html.style.colorScheme).toBe('light');
  });

  it('leaves other classes on <html> alone', () => {
    html.classList.add('keep-me');
    applyColorScheme('dark');
    expect(html.classList.contains('keep-me')).toBe(true);
  });
});

describe('the theme in the browser', () => {
  it('paints the stored choice before anything renders', () => {
    fakeSystemScheme('light');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');

    actor = startThemeActor();

    expect([...html.classList]).toEqual(['dark']);
  });

  it('with nothing stored, follows the OS and its later changes, and stores nothing', () => {
    const os = fakeSystemScheme('light');

    actor = startThemeActor();
    expect([...html.classList]).toEqual(['light']);

    os.change('dark');
    expect([...html.classList]).toEqual(['dark']);

    os.change('light');
    expect([...html.classList]).toEqual(['light']);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('an explicit choice is stored and no longer follows the OS, until system is chosen', () => {
    const os = fakeSystemScheme('light');
    actor = startThemeActor();

    actor.send({ type: 'theme.toggle' });
    expect([...html.classList]).toEqual(['dark']);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    os.change('light');
    expect([...html.classList]).toEqual(['dark']);

    actor.send({ type: 'theme.set', preference: 'system' });
    expect([...html.classList]).toEqual(['light']);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  });

  it('stops listening to the OS when stopped', () => {
    const os = fakeSystemScheme('dark');
    actor = startThemeActor();
    expect(os.listenerCount()).toBe(1);

    actor.stop();

    expect(os.listenerCount()).toBe(0);
  });
});
