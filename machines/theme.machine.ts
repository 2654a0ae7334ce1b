import { and, assign, fromCallback, setup } from 'xstate';

/** What the shopper chose (spec §3 "Theme"): stored in local storage. */
export type ThemePreference = 'light' | 'dark' | 'system';
/** What is actually painted: `system` resolves to one of these from the OS setting. */
export type ColorScheme = 'light' | 'dark';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

export type ThemeContext = {
  preference: ThemePreference;
  systemScheme: ColorScheme;
};

export type ThemeEvent =
  | { type: 'theme.toggle' }
  | { type: 'theme.set'; preference: ThemePreference }
  | { type: 'theme.systemChanged'; scheme: ColorScheme };

export type ThemeInput = {
  /** The stored preference, unparsed (whatever local storage held, or null). */
  storedPreference: unknown;
  systemScheme: ColorScheme;
};

/** Anything but one of the three known values (a stale or tampered key) means "system". */
export function parseThemePreference(value: unknown): ThemePreference | undefined {
  return THEME_PREFERENCES.find((preference) => preference === value);
}

/**
 * Light / dark / system (spec §4). The state value says what is painted and why:
 * `light`, `dark`, or `{ system: 'light' | 'dark' }` while following the OS. The tags `light` and
 * `dark` name the painted scheme, so views never re-derive it from context.
 *
 * Effects are named stubs, supplied by the app with `provide()`:
 * - `applyTheme({ scheme })` paints the scheme (class `light` or `dark` on <html>);
 * - `persistTheme({ preference })` stores a choice the shopper made (never the boot-time one);
 * - `watchSystemScheme` reports OS changes as `theme.systemChanged`.
 */
export const themeMachine = setup({
  types: {
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
    input: {} as ThemeInput,
    tags: {} as 'light' | 'dark',
  },
  actions: {
    applyTheme: (_, _params: { scheme: ColorScheme }) => {},
    persistTheme: (_, _params: { preference: ThemePreference }) => {},
    recordPreference: assign((_, params: { preference: ThemePreference }) => ({
      preference: params.preference,
    })),
    recordSystemScheme: assign(({ event }) => {
      if (event.type !== 'theme.systemChanged') return {};
      return { systemScheme: event.scheme };
    }),
  },
  actors: {
    watchSystemScheme: fromCallback<ThemeEvent>(() => undefined),
  },
  guards: {
    prefersLight: ({ context }) => context.preference === 'light',
    prefersDark: ({ context }) => context.preference === 'dark',
    systemIsDark: ({ context }) => context.systemScheme === 'dark',
    choosesLight: ({ event }) => event.type === 'theme.set' && event.preference === 'light',
    choosesDark: ({ event }) => event.type === 'theme.set' && event.preference === 'dark',
    choosesSystem: ({ event }) => event.type === 'theme.set' && event.preference === 'system',
    reportsDarkSystem: ({ event }) =>
      event.type === 'theme.systemChanged' && event.scheme === 'dark',
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => ({
    preference: parseThemePreference(input.storedPreference) ?? 'system',
    systemScheme: input.systemScheme,
  }),
  invoke: { src: 'watchSystemScheme' },
  initial: 'resolving',
  on: {
    // Outside `system` the OS setting is only remembered, for a later switch to `system`.
    'theme.systemChanged': { actions: 'recordSystemScheme' },
    'theme.set': [
      {
        guard: 'choosesLight',
        target: '.light',
        actions: { type: 'persistTheme', params: { preference: 'light' } },
      },
      {
        guard: 'choosesDark',
        target: '.dark',
        actions: { type: 'persistTheme', params: { preference: 'dark' } },
      },
      {
        guard: and(['choosesSystem', 'systemIsDark']),
        target: '.system.dark',
        actions: { type: 'persistTheme', params: { preference: 'system' } },
      },
      {
        guard: 'choosesSystem',
        target: '.system.light',
        actions: { type: 'persistTheme', params: { preference: 'system' } },
      },
    ],
  },
  states: {
    resolving: {
      always: [
        { guard: 'prefersLight', target: 'light' },
        { guard: 'prefersDark', target: 'dark' },
        { guard: 'systemIsDark', target: 'system.dark' },
        { target: 'system.light' },
      ],
    },
    light: {
      tags: ['light'],
      entry: [
        { type: 'recordPreference', params: { preference: 'light' } },
        { type: 'applyTheme', params: { scheme: 'light' } },
      ],
      on: {
        'theme.toggle': {
          target: 'dark',
          actions: { type: 'persistTheme', params: { preference: 'dark' } },
        },
      },
    },
    dark: {
      tags: ['dark'],
      entry: [
        { type: 'recordPreference', params: { preference: 'dark' } },
        { type: 'applyTheme', params: { scheme: 'dark' } },
      ],
      on: {
        'theme.toggle': {
          target: 'light',
          actions: { type: 'persistTheme', params: { preference: 'light' } },
        },
      },
    },
    system: {
      // Always entered through a child target; `initial` only satisfies the compound-state rule.
      initial: 'light',
      entry: { type: 'recordPreference', params: { preference: 'system' } },
      on: {
        'theme.systemChanged': [
          { guard: 'reportsDarkSystem', target: '.dark', actions: 'recordSystemScheme' },
          { target: '.light', actions: 'recordSystemScheme' },
        ],
      },
      states: {
        light: {
          tags: ['light'],
          entry: { type: 'applyTheme', params: { scheme: 'light' } },
          on: {
            // The toggle flips away from what the shopper currently sees (spec §4).
            'theme.toggle': {
              target: '#theme.dark',
              actions: { type: 'persistTheme', params: { preference: 'dark' } },
            },
          },
        },
        dark: {
          tags: ['dark'],
          entry: { type: 'applyTheme', params: { scheme: 'dark' } },
          on: {
            'theme.toggle': {
              target: '#theme.light',
              actions: { type: 'persistTheme', params: { preference: 'light' } },
            },
          },
        },
      },
    },
  },
});

export type ThemeMachine = typeof themeMachine;
