import { describe, expect, it } from 'vitest';
import { readStored, readStoredJson, storedKeysStartingWith, writeStored } from './storage';

/** A Storage kept in a Map, the way the browser's behaves for these calls. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const blocked = (): Storage => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

describe('web storage', () => {
  it('writes, reads and removes text', () => {
    const store = memoryStorage();
    expect(writeStored(() => store, 'k', 'v')).toBe(true);
    expect(readStored(() => store, 'k')).toBe('v');
    expect(writeStored(() => store, 'k', null)).toBe(true);
    expect(readStored(() => store, 'k')).toBeNull();
  });

  it('behaves as empty when storage is blocked, and says a write did not happen', () => {
    expect(readStored(blocked, 'k')).toBeNull();
    expect(writeStored(blocked, 'k', 'v')).toBe(false);
    expect(readStoredJson(blocked, 'k')).toBeUndefined();
    expect(storedKeysStartingWith(blocked, 'p')).toBeNull();
  });

  it('reads JSON, and nothing from text that is not JSON', () => {
    const store = memoryStorage();
    store.setItem('good', '{"a":1}');
    store.setItem('bad', '{a:');
    expect(readStoredJson(() => store, 'good')).toEqual({ a: 1 });
    expect(readStoredJson(() => store, 'bad')).toBeUndefined();
    expect(readStoredJson(() => store, 'absent')).toBeUndefined();
  });

  it('lists the keys with a prefix', () => {
    const store = memoryStorage();
    store.setItem('tab:1', '1');
    store.setItem('tab:2', '1');
    store.setItem('other', '1');
    expect(storedKeysStartingWith(() => store, 'tab:')).toEqual(['tab:1', 'tab:2']);
  });
});
