import { useEffect } from 'react';
import { BRAND_NAME } from '../../contract/brand';

/**
 * The tab title of a page: "<title> | Lumen Roastery", or the brand alone. The HTML's <title>
 * (src/lib/page-head.ts) is built by the same rule, so the two never disagree.
 */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} | ${BRAND_NAME}` : BRAND_NAME;
}

/**
 * Sets the tab title (documentTitle). A route sets its page's name (routes.tsx); a page that
 * shows one thing (a product, a story) names it once it has loaded.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
