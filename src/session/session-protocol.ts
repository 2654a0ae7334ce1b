import type { SessionBroadcast } from '../../machines/session.machine';
import type * as SessionMessagesModule from './session-messages';
import { storedKeysStartingWith, writeStored } from '../lib/storage';

type SessionMessages = typeof SessionMessagesModule;

/**
 * How the tabs of one browser share the session (D7), in one place: the session handle uses it
 * before the session actor loads, and hands the same link to the actor afterwards
 * (session-handle.ts, session-actor.ts).
 *
 * - Messages travel on a BroadcastChannel and are checked with zod: another tab may run another
 *   version of the shop, or something else may post on the channel.
 * - A tab that holds a session lists itself in local storage (`lumen-session-tab:<id>`, no
 *   token in it) and unlists itself when it signs out or its page goes away. So a new tab knows
 *   without waiting whether anybody can answer: nobody listed, it is a guest at once; someone
 *   listed, it waits for the answer however slow that tab is (a busy phone, a throttled
 *   background tab), up to a ceiling that only matters when a listed tab died without
 *   unlisting (the browser crashed). No short timing window decides "signed out".
 */
export const SESSION_CHANNEL = 'lumen-session';
const TAB_KEY_PREFIX = 'lumen-session-tab:';
/**
 * The longest a tab waits for a listed tab that does not answer. Only a tab that died without
 * unlisting itself makes anyone wait this long; it is then unlisted.
 */
export const OTHER_TABS_WAIT_MS = 10_000;
/** Without local storage nobody can be listed: then a short wait is all a tab can do. */
const UNLISTED_WAIT_MS = 250;

/**
 * The zod schema of the messages lives in its own chunk (session-messages.ts), fetched with the
 * first message this tab hears: zod would otherwise weigh on every first visit (ADR-0014), and
 * a guest's tab with nobody listed never hears one. Messages are parsed in the order they came.
 */
let schema: Promise<SessionMessages> | null = null;
const loadSchema = () => (schema ??= import('./session-messages'));

export type SharedSession = { token: string; remember: boolean };

export type SessionLink = {
  /** Tells the other tabs (answering `sessionWanted` with `signedIn` relists this tab). */
  post(message: SessionBroadcast): void;
  /** Every valid message from another tab, until the returned function is called. */
  listen(onMessage: (message: SessionBroadcast) => void): () => void;
  /** Lists (true) or unlists (false) this tab as one that holds a session. */
  holdSession(holds: boolean): void;
  /** Whether some other tab is listed as holding a session. */
  othersHoldSession(): boolean;
  /**
   * Asks the open tabs for their session: the first `signedIn` answer, or null as soon as no
   * other tab is listed any more (at once when none is), or after `ceilingMs`. One question at
   * a time: a second call while one runs answers the same promise.
   */
  ask(ceilingMs?: number): Promise<SharedSession | null>;
  close(): void;
};

function tabId(win: Window): string {
  try {
    return win.crypto.randomUUID();
  } catch {
    return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  }
}

export function openSessionLink(win: Window = window): SessionLink {
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null;
  const ownKey = `${TAB_KEY_PREFIX}${tabId(win)}`;
  let holding = false;
  let closed = false;
  let asking: Promise<SharedSession | null> | null = null;
  /** Ends the ask in progress (nobody answered); a closed link leaves no timer or listener. */
  let endAsking = () => undefined as void;
  const listeners = new Set<(message: SessionBroadcast) => void>();

  const storage = () => win.localStorage;
  /** Other tabs listed as holding a session; null when storage cannot be read. */
  const listedOthers = (): string[] | null =>
    storedKeysStartingWith(storage, TAB_KEY_PREFIX)?.filter((key) => key !== ownKey) ?? null;
  // Without storage other tabs fall back to a short wait.
  const writeListing = (listed: boolean) => void writeStored(storage, ownKey, listed ? '1' : null);

  let parsing: Promise<unknown> = Promise.resolve();
  const onMessage = (event: MessageEvent<unknown>) => {
    parsing = parsing
      .then(loadSchema)
      .then(({ parseSessionBroadcast }) => {
        const message = parseSessionBroadcast(event.data);
        if (!message || closed) return;
        for (const listener of [...listeners]) listener(message);
      })
      .catch(() => undefined);
  };
  channel?.addEventListener('message', onMessage);
  // A page that goes away (closed, reloaded, or into the back-forward cache) is no longer
  // there to answer; one that comes back from that cache lists itself again.
  const onPageHide = () => writeListing(false);
  const onPageShow = () => writeListing(holding);
  win.addEventListener('pagehide', onPageHide);
  win.addEventListener('pageshow', onPageShow);

  const link: SessionLink = {
    post(message) {
      if (closed) return;
      if (message.kind === 'signedIn') writeListing(holding);
      channel?.postMessage(message);
    },
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    holdSession(holds) {
      if (closed || holds === holding) return;
      holding = holds;
      writeListing(holds);
    },
    // Unknown (no storage) counts as "maybe": the question then waits UNLISTED_WAIT_MS.
    othersHoldSession: () => channel !== null && (listedOthers() ?? ['unknown']).length > 0,
    ask(ceilingMs = OTHER_TABS_WAIT_MS) {
      if (asking) return asking;
      const listed = listedOthers();
      if (!channel || (listed !== null && listed.length === 0)) return Promise.resolve(null);
      asking = new Promise<SharedSession | null>((resolve) => {
        let finish = (_answer: SharedSession | null) => undefined as void;
        const stopListening = link.listen((message) => {
          if (message.kind === 'signedIn') finish(message);
        });
        // A listed tab that signs out (or closes) unlists itself: nobody left, nobody answers.
        const onStorage = (event: StorageEvent) => {
          if (event.key !== null && !event.key.startsWith(TAB_KEY_PREFIX)) return;
          if ((listedOthers() ?? ['unknown']).length === 0) finish(null);
        };
        win.addEventListener('storage', onStorage);
        const timer = setTimeout(
          () => {
            // Whoever is still listed did not answer in all that time: it died without
            // unlisting itself. A live one lists itself again when it next answers.
            for (const key of listedOthers() ?? []) writeStored(storage, key, null);
            finish(null);
          },
          listed === null ? Math.min(ceilingMs, UNLISTED_WAIT_MS) : ceilingMs,
        );
        endAsking = () => finish(null);
        finish = (answer) => {
          endAsking = () => undefined;
          clearTimeout(timer);
          stopListening();
          win.removeEventListener('storage', onStorage);
          asking = null;
          resolve(answer ? { token: answer.token, remember: answer.remember } : null);
        };
        channel.postMessage({ kind: 'sessionWanted' } satisfies SessionBroadcast);
      });
      return asking;
    },
    close() {
      if (closed) return;
      closed = true;
      endAsking();
      writeListing(false);
      win.removeEventListener('pagehide', onPageHide);
      win.removeEventListener('pageshow', onPageShow);
      channel?.removeEventListener('message', onMessage);
      channel?.close();
      listeners.clear();
    },
  };
  return link;
}
