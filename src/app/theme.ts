import { createContext, useContext, useSyncExternalStore } from 'react';
import { readStored, type StorageGetter, writeStored } from '../lib/storage';

/** What the shopper chose (spec §3 "Theme"): stored in local storage. */
export type ThemePreference = 'light' | 'dark' | 'system';
/** What is actually painted: `system` resolves to one of these from the OS setting. */
export type ColorScheme = 'light' | 'dark';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

/** Local-storage key of the shopper's theme preference (spec §3 "Theme"). */
export const THEME_STORAGE_KEY = 'theme';
const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

type ThemeState = {
  preference: ThemePreference;
  /** The OS setting, remembered even while an explicit choice is in force. */
  systemScheme: ColorScheme;
  /** What is on screen. */
  painted: ColorScheme;
};

/** Anything but one of the three known values (a stale or tampered key) means "system". */
export function parseThemePreference(value: unknown): ThemePreference | undefined {
  return THEME_PREFERENCES.find((preference) => preference === value);
}

function themeState(preference: ThemePreference, systemScheme: ColorScheme): ThemeState {
  return {
    preference,
    systemScheme,
    painted: preference === 'system' ? systemScheme : preference,
  };
}

/**
 * Paints a scheme: exactly one of the classes `light` and `dark` on <html> (the `dark` class
 * drives Panda's `_dark` tokens; `light` makes the light theme explicit too, so CSS and tests
 * never infer it from an absent class), and `color-scheme` for the browser's own widgets.
 */
export function applyColorScheme(
  scheme: ColorScheme,
  root: HTMLElement = document.documentElement,
) {
  root.classList.toggle('dark', scheme === 'dark');
  root.classList.toggle('light', scheme === 'light');
  root.style.colorScheme = scheme;
}

// Without storage the OS scheme is used, and the toggle still works for this page.
function readStoredPreference(storage: StorageGetter): string | null {
  return readStored(storage, THEME_STORAGE_KEY);
}

function storePreference(storage: StorageGetter, preference: ThemePreference) {
  writeStored(storage, THEME_STORAGE_KEY, preference);
}

/**
 * Light / dark / system (spec §4). A small store rather than a state machine: it has one value
 * and no flow, and keeping XState off the first screen is what brings the first visit under its
 * budget (ADR-0014).
 */
export type ThemeStore = {
  getState(): ThemeState;
  subscribe(listener: () => void): () => void;
  /** Flips away from what the shopper sees now (also out of `system`) and stores the choice. */
  toggle(): void;
  /** An explicit choice from the footer's Light / Dark / System, stored. */
  choose(preference: ThemePreference): void;
  /** Stops following the OS. */
  stop(): void;
};

/**
 * Paints the stored theme at once and follows the OS while the preference is `system`. Called
 * before the first render, so the stored theme is on <html> without an inline script (the CSP
 * forbids those). Only a choice the shopper makes is stored, never the boot-time one.
 */
export function startTheme(win: Window = window): ThemeStore {
  const root = win.document.documentElement;
  const storage = () => win.localStorage;
  const systemQuery = win.matchMedia(DARK_SCHEME_QUERY);
  const listeners = new Set<() => void>();

  let state = themeState(
    parseThemePreference(readStoredPreference(storage)) ?? 'system',
    systemQuery.matches ? 'dark' : 'light',
  );
  applyColorScheme(state.painted, root);

  const update = (next: ThemeState) => {
    state = next;
    applyColorScheme(state.painted, root);
    for (const listener of listeners) listener();
  };
  const choose = (preference: ThemePreference) => {
    storePreference(storage, preference);
    update(themeState(preference, state.systemScheme));
  };
  // Outside `system` the OS setting is only remembered, for a later switch to `system`.
  const onSystemChange = (event: MediaQueryListEvent) =>
    update(themeState(state.preference, event.matches ? 'dark' : 'light'));
  systemQuery.addEventListener('change', onSystemChange);

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toggle: () => choose(state.painted === 'dark' ? 'light' : 'dark'),
    choose,
    stop() {
      systemQuery.removeEventListener('change', onSystemChange);
      listeners.clear();
    },
  };
}

export const ThemeStoreContext = createContext<ThemeStore | null>(null);

export function useThemeStore(): ThemeStore {
  const store = useContext(ThemeStoreContext);
  if (!store) throw new Error('useThemeStore must be used inside <AppProviders>');
  return store;
}

/** What the shopper chose: light, dark, or system (follow the OS). */
export function useThemePreference(): ThemePreference {
  const store = useThemeStore();
  // The server cannot know the choice (it is in local storage): it renders `system`, and so does
  // the browser's first render, which hydrates that HTML; the stored choice follows.
  return useSyncExternalStore(
    store.subscribe,
    () => store.getState().preference,
    () => 'system',
  );
}

/** The scheme on screen (what the toggle switches away from). */
export function usePaintedScheme(): ColorScheme {
  const store = useThemeStore();
  return useSyncExternalStore(
    store.subscribe,
    () => store.getState().painted,
    () => 'light',
  );
}

/**
 * The theme store the server renders with: the shopper's choice lives in their browser's storage,
 * so the HTML is the same for everyone (`system`); the browser's store takes over after hydration.
 */
export function serverThemeStore(): ThemeStore {
  const state = themeState('system', 'light');
  return {
    getState: () => state,
    subscribe: () => () => undefined,
    toggle: () => undefined,
    choose: () => undefined,
    stop: () => undefined,
  };
}
