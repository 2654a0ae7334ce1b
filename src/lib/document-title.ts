import { useEffect } from 'react';
import { BRAND_NAME } from '../../contract/brand';

/**
 * Sets the tab title: "<title> | Lumen Roastery", or the brand alone. A route sets its page's name
 * (routes.tsx); a page that shows one thing (a product, a story) names it once it has loaded.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${BRAND_NAME}` : BRAND_NAME;
  }, [title]);
}
