import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  parseThemePreference,
  themeMachine,
  type ColorScheme,
  type ThemeEvent,
  type ThemeInput,
  type ThemePreference,
} from './theme.machine';

type Harness = {
  applied: ColorScheme[];
  persisted: ThemePreference[];
  watchers: { started: number; stopped: number };
  reportSystem: (scheme: ColorScheme) => void;
};

function startTheme(input: ThemeInput) {
  const harness: Harness = {
    applied: [],
    persisted: [],
    watchers: { started: 0, stopped: 0 },
    reportSystem: () => {
      throw new Error('watchSystemScheme was never started');
    },
  };
  const logic = themeMachine.provide({
    actions: {
      applyTheme: (_, params) => {
        harness.applied.push(params.scheme);
      },
      persistTheme: (_, params) => {
        harness.persisted.push(params.preference);
      },
    },
    actors: {
      watchSystemScheme: fromCallback<ThemeEvent>(({ sendBack }) => {
        harness.watchers.started += 1;
        harness.reportSystem = (scheme) => sendBack({ type: 'theme.systemChanged', scheme });
        return () => {
          harness.watchers.stopped += 1;
        };
      }),
    },
  });
  const actor = createActor(logic, { input });
  actor.start();
  return { actor, harness };
}

describe('theme machine: boot', () => {
  it('applies a stored light preference without persisting it again', () => {
    const { actor, harness } = startTheme({ storedPreference: 'light', systemScheme: 'dark' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('light');
    expect(snapshot.context).toEqual({ preference: 'light', systemScheme: 'dark' });
    expect(snapshot.hasTag('light')).toBe(true);
    expect(harness.applied).toEqual(['light']);
    expect(harness.persisted).toEqual([]);
  });

  it('applies a stored dark preference', () => {
    const { actor, harness } = startTheme({ storedPreference: 'dark', systemScheme: 'light' });

    expect(actor.getSnapshot().value).toBe('dark');
    expect(actor.getSnapshot().hasTag('dark')).toBe(true);
    expect(harness.applied).toEqual(['dark']);
  });

  it('follows the OS scheme when nothing is stored', () => {
    const { actor, harness } = startTheme({ storedPreference: null, systemScheme: 'dark' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ system: 'dark' });
    expect(snapshot.context.preference).toBe('system');
    expect(snapshot.hasTag('dark')).toBe(true);
    expect(harness.applied).toEqual(['dark']);
  });

  it('treats an unknown stored value as "system"', () => {
    const { actor } = startTheme({ storedPreference: 'sepia', systemScheme: 'light' });

    expect(actor.getSnapshot().value).toEqual({ system: 'light' });
    expect(actor.getSnapshot().context.preference).toBe('system');
  });

  it('watches the OS scheme for its whole life', () => {
    const { actor, harness } = startTheme({ storedPreference: 'light', systemScheme: 'light' });
    expect(harness.watchers).toEqual({ started: 1, stopped: 0 });

    actor.stop();

    expect(harness.watchers).toEqual({ started: 1, stopped: 1 });
  });
});

describe('theme machine: theme.toggle', () => {
  it('flips light to dark and stores the choice', () => {
    const { actor, harness } = startTheme({ storedPreference: 'light', systemScheme: 'light' });

    actor.send({ type: 'theme.toggle' });

    expect(actor.getSnapshot().value).toBe('dark');
    expect(actor.getSnapshot().context.preference).toBe('dark');
    expect(harness.applied).toEqual(['light', 'dark']);
    expect(harness.persisted).toEqual(['dark']);
  });

  it('flips dark back to light', () => {
    const { actor, harness } = startTheme({ storedPreference: 'dark', systemScheme: 'dark' });

    actor.send({ type: 'theme.toggle' });

    expect(actor.getSnapshot().value).toBe('light');
    expect(harness.applied).toEqual(['dark', 'light']);
    expect(harness.persisted).toEqual(['light']);
  });

  it('from system (OS dark) flips away from what is shown: to light', () => {
    const { actor, harness } = startTheme({ storedPreference: 'system', systemScheme: 'dark' });

    actor.send({ type: 'theme.toggle' });

    expect(actor.getSnapshot().value).toBe('light');
    expect(actor.getSnapshot().context).toEqual({ preference: 'light', systemScheme: 'dark' });
    expect(harness.persisted).toEqual(['light']);
  });

  it('from system (OS light) flips to dark', () => {
    const { actor, harness } = startTheme({ storedPreference: 'system', systemScheme: 'light' });

    actor.send({ type: 'theme.toggle' });

    expect(actor.getSnapshot().value).toBe('dark');
    expect(harness.applied).toEqual(['light', 'dark']);
    expect(harness.persisted).toEqual(['dark']);
  });

  it('two toggles come back to where they started', () => {
    const { actor } = startTheme({ storedPreference: 'light', systemScheme: 'light' });

    actor.send({ type: 'theme.toggle' });
    actor.send({ type: 'theme.toggle' });

    expect(actor.getSnapshot().value).toBe('light');
  });
});

describe('theme machine: theme.set', () => {
  it('sets dark explicitly and stores it', () => {
    const { actor, harness } = startTheme({ storedPreference: null, systemScheme: 'light' });

    actor.send({ type: 'theme.set', preference: 'dark' });

    expect(actor.getSnapshot().value).toBe('dark');
    expect(actor.getSnapshot().context.preference).toBe('dark');
    expect(harness.persisted).toEqual(['dark']);
    expect(harness.applied.at(-1)).toBe('dark');
  });

  it('sets light explicitly', () => {
    const { actor, harness } = startTheme({ storedPreference: 'dark', systemScheme: 'dark' });

    actor.send({ type: 'theme.set', preference: 'light' });

    expect(actor.getSnapshot().value).toBe('light');
    expect(harness.persisted).toEqual(['light']);
  });

  it('sets system and paints the current OS scheme', () => {
    const { actor, harness } = startTheme({ storedPreference: 'light', systemScheme: 'dark' });

    actor.send({ type: 'theme.set', preference: 'system' });

    expect(actor.getSnapshot().value).toEqual({ system: 'dark' });
    expect(actor.getSnapshot().context.preference).toBe('system');
    expect(harness.applied).toEqual(['light', 'dark']);
    expect(harness.persisted).toEqual(['system']);
  });

  it('sets system while the OS is light', () => {
    const { actor } = startTheme({ storedPreference: 'dark', systemScheme: 'light' });

    actor.send({ type: 'theme.set', preference: 'system' });

    expect(actor.getSnapshot().value).toEqual({ system: 'light' });
    expect(actor.getSnapshot().hasTag('light')).toBe(true);
  });
});

describe('theme machine: theme.systemChanged', () => {
  it('repaints while following the OS', () => {
    const { actor, harness } = startTheme({ storedPreference: null, systemScheme: 'light' });

    harness.reportSystem('dark');

    expect(actor.getSnapshot().value).toEqual({ system: 'dark' });
    expect(actor.getSnapshot().context.systemScheme).toBe('dark');
    expect(harness.applied).toEqual(['light', 'dark']);
    expect(harness.persisted).toEqual([]);

    harness.reportSystem('light');

    expect(actor.getSnapshot().value).toEqual({ system: 'light' });
    expect(harness.applied.at(-1)).toBe('light');
  });

  it('only remembers the OS scheme when an explicit choice is in force', () => {
    const { actor, harness } = startTheme({ storedPreference: 'light', systemScheme: 'light' });

    harness.reportSystem('dark');

    expect(actor.getSnapshot().value).toBe('light');
    expect(actor.getSnapshot().context.systemScheme).toBe('dark');
    expect(harness.applied).toEqual(['light']);

    // ...and that memory decides what "system" paints later.
    actor.send({ type: 'theme.set', preference: 'system' });
    expect(actor.getSnapshot().value).toEqual({ system: 'dark' });
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

describe('theme machine: a stored "system"', () => {
  it('keeps following the OS after a reload, without storing anything', () => {
    const { actor, harness } = startTheme({ storedPreference: 'system', systemScheme: 'dark' });

    expect(actor.getSnapshot().value).toEqual({ system: 'dark' });
    expect(actor.getSnapshot().context.preference).toBe('system');
    expect(harness.applied).toEqual(['dark']);
    expect(harness.persisted).toEqual([]);

    harness.reportSystem('light');

    expect(actor.getSnapshot().value).toEqual({ system: 'light' });
    expect(harness.applied).toEqual(['dark', 'light']);
  });
});
