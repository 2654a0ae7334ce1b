import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, fromCallback, type Actor, type InspectionEvent, type Observer } from 'xstate';
import {
  themeMachine,
  type ColorScheme,
  type ThemeEvent,
  type ThemeInput,
  type ThemePreference,
} from '../../machines/theme.machine';

/** Local-storage key of the shopper's theme preference (spec §3 "Theme"). */
export const THEME_STORAGE_KEY = 'theme';
const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export type ThemeActor = Actor<typeof themeMachine>;

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

function readStoredPreference(storage: Storage): string | null {
  try {
    return storage.getItem(THEME_STORAGE_KEY);
  } catch {
    // Storage can throw (blocked cookies, some private modes): fall back to the OS scheme.
    return null;
  }
}

function storePreference(storage: Storage, preference: ThemePreference) {
  try {
    storage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not being able to remember the choice must not break the toggle itself.
  }
}

export function readThemeInput(win: Window = window): ThemeInput {
  return {
    storedPreference: readStoredPreference(win.localStorage),
    systemScheme: win.matchMedia(DARK_SCHEME_QUERY).matches ? 'dark' : 'light',
  };
}

/** The theme machine with the browser's effects (local storage, <html> class, OS scheme). */
export function createThemeLogic(win: Window = window) {
  return themeMachine.provide({
    actions: {
      applyTheme: (_, { scheme }) => applyColorScheme(scheme, win.document.documentElement),
      persistTheme: (_, { preference }) => storePreference(win.localStorage, preference),
    },
    actors: {
      watchSystemScheme: fromCallback<ThemeEvent>(({ sendBack }) => {
        const query = win.matchMedia(DARK_SCHEME_QUERY);
        const onChange = (event: MediaQueryListEvent) =>
          sendBack({ type: 'theme.systemChanged', scheme: event.matches ? 'dark' : 'light' });
        query.addEventListener('change', onChange);
        return () => query.removeEventListener('change', onChange);
      }),
    },
  });
}

/**
 * Creates and starts the theme actor. Starting it runs `applyTheme` synchronously, so calling
 * this before the first render paints the stored theme without an inline script (the CSP
 * forbids those).
 */
export function startThemeActor(
  options: {
    win?: Window;
    inspect?: Observer<InspectionEvent> | undefined;
  } = {},
): ThemeActor {
  const win = options.win ?? window;
  const actor = createActor(createThemeLogic(win), {
    input: readThemeInput(win),
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  actor.start();
  return actor;
}

export const ThemeActorContext = createContext<ThemeActor | null>(null);

export function useThemeActor(): ThemeActor {
  const actor = useContext(ThemeActorContext);
  if (!actor) throw new Error('useThemeActor must be used inside <AppProviders>');
  return actor;
}

/** What the shopper chose: light, dark, or system (follow the OS). */
export function useThemePreference(): ThemePreference {
  const actor = useThemeActor();
  return useSelector(actor, (snapshot) => snapshot.context.preference);
}

/** The scheme on screen (what the toggle switches away from). */
export function usePaintedScheme(): ColorScheme {
  const actor = useThemeActor();
  return useSelector(actor, (snapshot) => (snapshot.hasTag('dark') ? 'dark' : 'light'));
}
