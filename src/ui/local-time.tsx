import { useSyncExternalStore } from 'react';
import type { Format } from '../lib/format-date';

const noSubscription = () => () => undefined;

/**
 * A date as the shopper reads it, in their own time zone. The server cannot know that zone, so a
 * page it renders says the date in UTC, and so does the browser's hydration of that page (its
 * server snapshot); the shopper's zone follows at once after. On this shop's own machines both
 * are UTC and nothing changes on screen.
 */
export function LocalTime({ iso, format }: { iso: string; format: Format }) {
  const serverPass = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  return <time dateTime={iso}>{format(iso, serverPass ? 'UTC' : undefined)}</time>;
}
