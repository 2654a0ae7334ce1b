// What the menu's views read of the machine: selectors over its snapshot, and the option lists
// they render. Views import this file, never the machine's module (the layer lint enforces it).
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { menuMachine } from './menu.machine';

export { mergePages, PRICE_FILTERS, SORT_OPTIONS } from './menu.machine';
export type MenuActor = ActorRefFrom<typeof menuMachine>;
type MenuSnapshot = SnapshotFrom<typeof menuMachine>;

export const selectFilters = (snapshot: MenuSnapshot) => snapshot.context.filters;
export const selectCategory = (snapshot: MenuSnapshot) => snapshot.context.filters.category;
export const selectPrice = (snapshot: MenuSnapshot) => snapshot.context.filters.price;
export const selectSort = (snapshot: MenuSnapshot) => snapshot.context.filters.sort;
export const selectSearchText = (snapshot: MenuSnapshot) => snapshot.context.searchText;
/** The last page shown (0-based): pages 0..page of the cache are on screen. */
export const selectPage = (snapshot: MenuSnapshot) => snapshot.context.page;
export const selectMoreAvailable = (snapshot: MenuSnapshot) => snapshot.hasTag('moreAvailable');
export const selectLoadingMore = (snapshot: MenuSnapshot) => snapshot.hasTag('loadingMore');
export const selectCanLoadMore = (snapshot: MenuSnapshot) =>
  snapshot.can({ type: 'menu.loadMore' });
export const selectCanReset = (snapshot: MenuSnapshot) =>
  snapshot.can({ type: 'menu.resetFilters' });
export const selectCanRetry = (snapshot: MenuSnapshot) => snapshot.can({ type: 'menu.retry' });
