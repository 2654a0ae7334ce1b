import { useEffect } from 'react';
import { documentTitle } from '../lib/document-title';

/**
 * Sets the tab title (documentTitle, which src/lib keeps free of React for the server's page
 * heads). A route sets its page's name (routes.tsx); a page that shows one thing (a product, a
 * story) names it once it has loaded.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    // A rendered page already has its title: writing the same one again would still replace the
    // <title>'s text during the hydration.
    const next = documentTitle(title);
    if (document.title !== next) document.title = next;
  }, [title]);
}
