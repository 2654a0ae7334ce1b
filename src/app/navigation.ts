/** Spec §2 "Navigation": exact labels, in this order. */
export const NAV_ITEMS = [
  { label: 'Home', href: '/' },
  { label: 'Menu', href: '/menu' },
  { label: 'Space', href: '/spaces' },
  { label: 'Community', href: '/community' },
  { label: 'News', href: '/news' },
] as const;

/** Home only on "/", the others also for their detail pages (/menu/detail/3 is still Menu). */
export function isNavItemActive(href: string, location: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}
