/**
 * Web storage as the shop uses it: storage can be missing or blocked (privacy settings, some
 * private modes, a full quota), and then the shop behaves as if nothing was stored and keeps
 * working in the page; only what should survive a reload does not. The one place that catches it.
 *
 * Each function takes the storage as a getter, because reading `window.localStorage` can itself
 * throw when storage is blocked.
 */
export type StorageGetter = () => Storage;

/** The stored text, or null when nothing is stored or storage cannot be read. */
export function readStored(storage: StorageGetter, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

/** Stores the text (null removes the key); false when storage refused it. */
export function writeStored(storage: StorageGetter, key: string, value: string | null): boolean {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** The stored JSON, parsed; undefined when absent, unreadable or not JSON. */
export function readStoredJson(storage: StorageGetter, key: string): unknown {
  const text = readStored(storage, key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Every stored key that starts with `prefix`; null when storage cannot be read. */
export function storedKeysStartingWith(storage: StorageGetter, prefix: string): string[] | null {
  try {
    const store = storage();
    const keys: string[] = [];
    for (let index = 0; index < store.length; index += 1) {
      const key = store.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    return keys;
  } catch {
    return null;
  }
}
