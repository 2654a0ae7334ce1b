import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { components } from '../../contract/schema';
import { ROUTES } from './paths';
import {
  communityHead,
  homeHead,
  menuHead,
  newsHead,
  newsItemHead,
  notFoundHead,
  productHead,
  renderHeadTags,
  spacesHead,
  type PageHead,
} from './page-head';

type Product = components['schemas']['Product'];
type News = components['schemas']['News'];

const ORIGIN = 'https://shop.example';

const product: Product = {
  productId: 3,
  name: 'autumnal coffee',
  price: 6.5,
  oldPrice: 7,
  description: `${'Notes of baked apple, brown sugar and toasted hazelnut from a slow autumn roast. '.repeat(3)}`,
  category: 'coffee_baverage',
  quantity: 0,
  isAvailableAtWeb: true,
  images: [
    { productImageId: 31, imageUrl: '/images/products/3-2.svg', isMain: false },
    { productImageId: 30, imageUrl: '/images/products/3-1.svg', isMain: true },
  ],
};

const story: News = {
  newId: 6,
  title: 'How We Roast: A Day at the Roastery',
  image: '/images/news/6.svg',
  createdAt: '2026-10-20T08:00:00.000Z',
  time: '5 Min',
  description: 'We start before sunrise.\n\nThe first batch is always a test.',
};

/** The tags renderHeadTags writes, read back: meta contents by key, titles, canonicals, JSON-LD. */
function tagsOf(html: string) {
  const metas = [...html.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)">/g)].map(
    ([, , key, content]) => [key ?? '', content ?? ''] as const,
  );
  return {
    meta: (key: string) => metas.filter(([k]) => k === key).map(([, content]) => content),
    title: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map(([, text]) => text ?? ''),
    canonical: [...html.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map(
      ([, href]) => href ?? '',
    ),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      ([, json]) => JSON.parse(json ?? '') as Record<string, unknown>,
    ),
  };
}

/** Undoes escapeHtml, as a browser reading the attribute would. */
function unescape(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

const base: PageHead = {
  title: 'Menu | Lumen Roastery',
  description: 'The menu.',
  path: '/menu',
  type: 'website',
  jsonLd: [],
};

describe('renderHeadTags', () => {
  it('escapes text and attributes: a title with "<>& stays inside its tags', () => {
    const nasty = `Beans "<b>&</b>" it's </title><script>alert(1)</script>`;
    const html = renderHeadTags({ ...base, title: nasty, description: nasty }, ORIGIN);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '<title>Beans &quot;&lt;b&gt;&amp;&lt;/b&gt;&quot; it&#39;s &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>',
    );
    const tags = tagsOf(html);
    expect(tags.title.map(unescape)).toEqual([nasty]);
    for (const key of ['description', 'og:title', 'og:description', 'twitter:title']) {
      expect(tags.meta(key).map(unescape)).toHaveLength(1);
    }
    expect(tags.meta('og:title').map(unescape)).toEqual([nasty]);
    expect(tags.meta('description').map(unescape)).toEqual([nasty]);
  });

  it('writes JSON-LD with < escaped, so </script> in the data cannot close the block', () => {
    const evil = { '@context': 'https://schema.org', '@type': 'Thing', name: '</script><b>&' };
    const html = renderHeadTags({ ...base, jsonLd: [evil] }, ORIGIN);
    expect(html).toContain('\\u003c/script\\u003e\\u003cb\\u003e\\u0026');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(tagsOf(html).jsonLd).toEqual([evil]);
  });

  it('writes one ld+json script per JSON-LD object, and none when there are none', () => {
    const html = renderHeadTags(productHead(product, ORIGIN), ORIGIN);
    expect(tagsOf(html).jsonLd.map((item) => item['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(tagsOf(renderHeadTags(menuHead(), ORIGIN)).jsonLd).toEqual([]);
  });

  it('makes the canonical URL, og:url and the image absolute against the origin', () => {
    const tags = tagsOf(renderHeadTags(productHead(product, ORIGIN), ORIGIN));
    expect(tags.canonical).toEqual(['https://shop.example/menu/detail/3']);
    expect(tags.meta('og:url')).toEqual(['https://shop.example/menu/detail/3']);
    expect(tags.meta('og:image')).toEqual(['https://shop.example/images/products/3-1.svg']);
    expect(tags.meta('twitter:image')).toEqual(['https://shop.example/images/products/3-1.svg']);
    expect(tags.meta('twitter:card')).toEqual(['summary_large_image']);
    expect(tags.meta('og:type')).toEqual(['product']);
    expect(tags.meta('og:site_name')).toEqual(['Lumen Roastery']);
    expect(tagsOf(renderHeadTags(homeHead(), 'http://127.0.0.1:8080')).canonical).toEqual([
      'http://127.0.0.1:8080/',
    ]);
  });

  it('says summary without an image, and noindex only when asked', () => {
    const menu = tagsOf(renderHeadTags(menuHead(), ORIGIN));
    expect(menu.meta('twitter:card')).toEqual(['summary']);
    expect(menu.meta('og:image')).toEqual([]);
    expect(menu.meta('robots')).toEqual([]);
    const missing = tagsOf(renderHeadTags(notFoundHead('/nowhere'), ORIGIN));
    expect(missing.meta('robots')).toEqual(['noindex']);
    expect(missing.canonical).toEqual(['https://shop.example/nowhere']);
  });
});

/** The tab titles routes.tsx gives its routes (`name: { title: '...' }`), read from its source. */
/** The tab titles of the route table (src/lib/paths.ts) and the not-found page (routes.tsx). */
function routeTitles(): Record<string, string> {
  const titles = Object.fromEntries(
    Object.entries(ROUTES).flatMap(([name, row]) =>
      'title' in row ? [[name, row.title as string]] : [],
    ),
  );
  const source = readFileSync(new URL('../app/routes.tsx', import.meta.url), 'utf8');
  const notFound = /const NOT_FOUND_TITLE = '([^']+)'/.exec(source)?.[1];
  return { ...titles, ...(notFound ? { notFound } : {}) };
}

describe('the page heads', () => {
  it('title each page as its tab does: "<page> | Lumen Roastery", the brand alone at home', () => {
    const titles = routeTitles();
    expect(homeHead().title).toBe('Lumen Roastery');
    expect(menuHead().title).toBe(`${titles.menu} | Lumen Roastery`);
    expect(newsHead().title).toBe(`${titles.news} | Lumen Roastery`);
    expect(communityHead().title).toBe(`${titles.community} | Lumen Roastery`);
    expect(spacesHead().title).toBe(`${titles.spaces} | Lumen Roastery`);
    expect(notFoundHead().title).toBe(`${titles.notFound} | Lumen Roastery`);
    expect(menuHead().title).toBe('Menu | Lumen Roastery');
    // Pages of one thing name it, as product-page.tsx and news-detail-page.tsx do once loaded.
    expect(productHead(product, ORIGIN).title).toBe('Autumnal Coffee | Lumen Roastery');
    expect(newsItemHead(story, ORIGIN).title).toBe(
      'How We Roast: A Day at the Roastery | Lumen Roastery',
    );
  });

  it('point each head at its own path, with a description of one or two sentences', () => {
    const heads = [
      [homeHead(), '/'],
      [menuHead(), '/menu'],
      [productHead(product, ORIGIN), '/menu/detail/3'],
      [newsHead(), '/news'],
      [newsItemHead(story, ORIGIN), '/news/6'],
      [communityHead(), '/community'],
      [spacesHead(), '/spaces'],
    ] as const;
    for (const [head, path] of heads) {
      expect(head.path).toBe(path);
      expect(head.noindex).toBeUndefined();
      expect(head.description.length).toBeGreaterThan(20);
      expect(head.description.length).toBeLessThanOrEqual(160);
    }
  });

  it('describes a product by its own text, cut near 155 characters on a word boundary', () => {
    const { description } = productHead(product, ORIGIN);
    expect(description.length).toBeLessThanOrEqual(155);
    expect(description.length).toBeGreaterThan(120);
    expect(description.endsWith('…')).toBe(true);
    expect(product.description.startsWith(`${description.slice(0, -1)} `)).toBe(true);
  });

  it('gives a product page Product and Home › Menu › product, a story Article and Home › News › story', () => {
    const productLd = productHead(product, ORIGIN).jsonLd as Record<string, unknown>[];
    expect(productLd.map((item) => item['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(productLd[1]?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
      { '@type': 'ListItem', position: 2, name: 'Menu', item: 'https://shop.example/menu' },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Autumnal Coffee',
        item: 'https://shop.example/menu/detail/3',
      },
    ]);
    const storyHead = newsItemHead(story, ORIGIN);
    expect(storyHead.type).toBe('article');
    expect(storyHead.image).toBe('/images/news/6.svg');
    const storyLd = storyHead.jsonLd as Record<string, unknown>[];
    expect(storyLd.map((item) => item['@type'])).toEqual(['NewsArticle', 'BreadcrumbList']);
    expect(storyLd[1]?.itemListElement).toMatchObject([
      { name: 'Home' },
      { name: 'News', item: 'https://shop.example/news' },
      { name: story.title, item: 'https://shop.example/news/6' },
    ]);
  });
});
