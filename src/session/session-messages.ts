import { z } from 'zod/mini';
import type { SessionBroadcast } from '../../machines/session.machine';

/**
 * The messages of the cross-tab session protocol (session-protocol.ts), checked: another tab may
 * run another version of the shop, or something else may post on the channel.
 */
const sessionBroadcastSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('signedIn'),
    token: z.string().check(z.minLength(1)),
    remember: z.boolean(),
  }),
  z.object({ kind: z.literal('signedOut') }),
  z.object({ kind: z.literal('sessionWanted') }),
]);

/** A message from another tab, or null when it is not one of ours. */
export function parseSessionBroadcast(value: unknown): SessionBroadcast | null {
  const parsed = z.safeParse(sessionBroadcastSchema, value);
  return parsed.success ? parsed.data : null;
}
