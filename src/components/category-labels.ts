import type { Category } from '../api/types';
import { BRAND_NAME } from '../../contract/brand';

/** Spec §3: the three categories as shoppers read them (tabs, cart subtitles, order lines). */
export const CATEGORY_LABELS: Record<Category, string> = {
  coffee_baverage: 'Coffee and Beverage',
  food_snack: 'Food and Snack',
  at_home: `${BRAND_NAME} at Home`,
};

/** In the order of the menu's tabs. */
export const CATEGORIES: readonly Category[] = ['coffee_baverage', 'food_snack', 'at_home'];

export function categoryLabel(category: Category): string {
  return CATEGORY_LABELS[category];
}
