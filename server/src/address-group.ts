// What one client costs to be, for per-address limits (issue 28): an IPv4 address, or an IPv6
// /64 (one household or host gets a whole /64, so counting full IPv6 addresses counts nothing).
import { isIP } from 'node:net';

/** `2001:db8:1:2::5` and `2001:db8:1:2:ffff::9` are one client: `2001:db8:1:2::/64`. */
export function addressGroup(address: string): string {
  const bare = address.split('%')[0] ?? '';
  if (isIP(bare) !== 6) return address;
  const [head = '', tail] = bare.split('::');
  const groupsOf = (part: string): string[] =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const groups =
    tail === undefined
      ? front
      : [
          ...front,
          ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'),
          ...back,
        ];
  const prefix = groups.slice(0, 4).map((g) => parseInt(g || '0', 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
