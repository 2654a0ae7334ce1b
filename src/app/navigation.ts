import { paths } from '../lib/paths';

/** Spec §2 "Navigation": exact labels, in this order; addresses from the route table. */
export const NAV_ITEMS = [
  { label: 'Home', href: paths.home() },
  { label: 'Menu', href: paths.menu() },
  { label: 'Space', href: paths.spaces() },
  { label: 'Community', href: paths.community() },
  { label: 'News', href: paths.news() },
] as const;

/** Home only on "/", the others also for their detail pages (/menu/detail/3 is still Menu). */
export function isNavItemActive(href: string, location: string): boolean {
  if (href === paths.home()) return location === paths.home();
  return location === href || location.startsWith(`${href}/`);
}
