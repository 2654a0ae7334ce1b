import { BRAND_NAME } from '../../contract/brand';

/**
 * The tab title of a page: "<title> | Lumen Roastery", or the brand alone. The HTML's <title>
 * (src/lib/page-head.ts) is built by the same rule, so the two never disagree.
 */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} | ${BRAND_NAME}` : BRAND_NAME;
}
