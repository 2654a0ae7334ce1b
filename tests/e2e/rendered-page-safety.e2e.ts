// Issue 27: what a shopper types in ?search= reaches the server-rendered menu as text. A `$`
// sequence there was once read as a `String.replace` pattern: `` $` `` spliced a copy of the
// document's head into the page's query cache, the JSON no longer parsed and the page never
// hydrated. The page must arrive rendered, with one head, and hydrate with the search box holding
// exactly what was typed (the server's side of every such string: server/test/page-render.api.test.ts).
import { expect, test } from './support/fixtures';

const SEARCH = 'x$`y';

test('a menu search holding $` arrives rendered, hydrates and keeps the search text', async ({
  page,
}) => {
  const response = await page.goto(`/menu?search=${encodeURIComponent(SEARCH)}`);
  expect(response?.status()).toBe(200);
  const html = (await response?.text()) ?? '';
  expect(html).toContain('data-ssr="hydrate"');
  expect(html.split('<head>')).toHaveLength(2);
  expect(html.split('id="query-state"')).toHaveLength(2);

  // Waiting for hydration is the point here: a page whose cache does not parse never gets there.
  await expect(page.locator('#root[data-hydrated]')).toBeAttached();
  await expect(page.getByRole('searchbox', { name: 'Search this category' })).toHaveValue(SEARCH);
});
