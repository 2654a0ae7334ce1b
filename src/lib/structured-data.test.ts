import { describe, expect, it } from 'vitest';
import type { components } from '../../contract/schema';
import {
  absoluteUrl,
  articleJsonLd,
  breadcrumbJsonLd,
  cutAtWord,
  productJsonLd,
  type JsonLd,
} from './structured-data';

type Product = components['schemas']['Product'];
type News = components['schemas']['News'];

const ORIGIN = 'https://shop.example';

/**
 * What each schema.org type must carry for Google's rich results (Search Central: Product
 * snippets and merchant listings, Article, Breadcrumb), plus what issue 19 asks of ours. A field
 * is missing when absent, null, an empty string or an empty list.
 */
const REQUIRED: Record<string, readonly string[]> = {
  Product: ['name', 'image', 'offers'],
  Offer: ['price', 'priceCurrency', 'availability', 'url'],
  NewsArticle: ['headline', 'image', 'datePublished', 'author', 'publisher', 'mainEntityOfPage'],
  Article: ['headline', 'image', 'datePublished', 'author', 'publisher', 'mainEntityOfPage'],
  Organization: ['name'],
  Person: ['name'],
  Brand: ['name'],
  ImageObject: ['url'],
  WebPage: ['@id'],
  BreadcrumbList: ['itemListElement'],
  ListItem: ['position', 'name', 'item'],
};

/** schema.org's ItemAvailability values Google reads. */
const AVAILABILITY = new Set(
  [
    'BackOrder',
    'Discontinued',
    'InStock',
    'InStoreOnly',
    'LimitedAvailability',
    'OnlineOnly',
    'OutOfStock',
    'PreOrder',
    'PreSale',
    'SoldOut',
  ].map((name) => `https://schema.org/${name}`),
);

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function isMissing(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function isAbsoluteHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Every problem of a JSON-LD tree: each typed node checked against the table (an unknown type is
 * a problem too), then the values Google checks for the types used here.
 */
function problemsOf(node: unknown, at = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => problemsOf(item, `${at}[${i}]`));
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Record<string, unknown>;
  const problems: string[] = [];
  const type = record['@type'];
  if (type !== undefined) {
    const required = typeof type === 'string' ? REQUIRED[type] : undefined;
    if (!required) problems.push(`${at}: no required-fields entry for @type ${String(type)}`);
    for (const field of required ?? []) {
      if (isMissing(record[field])) problems.push(`${at} (${String(type)}): missing ${field}`);
    }
    problems.push(...valueProblems(String(type), record, at));
  }
  for (const [key, value] of Object.entries(record)) {
    problems.push(...problemsOf(value, `${at}.${key}`));
  }
  return problems;
}

function valueProblems(type: string, record: Record<string, unknown>, at: string): string[] {
  const problems: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) problems.push(`${at} (${type}): ${what}`);
  };
  const images = record.image === undefined ? [] : [record.image].flat();
  expect(images.every(isAbsoluteHttpUrl), `image not absolute: ${JSON.stringify(record.image)}`);
  if (record.url !== undefined) expect(isAbsoluteHttpUrl(record.url), 'url not absolute');
  if (type === 'Offer') {
    expect(
      typeof record.price === 'string' && /^\d+\.\d{2}$/.test(record.price),
      `price not a two-place decimal string: ${JSON.stringify(record.price)}`,
    );
    expect(
      typeof record.priceCurrency === 'string' && /^[A-Z]{3}$/.test(record.priceCurrency),
      'priceCurrency not ISO 4217',
    );
    expect(AVAILABILITY.has(String(record.availability)), 'availability not an ItemAvailability');
  }
  if (type === 'NewsArticle' || type === 'Article') {
    expect(String(record.headline).length <= 110, 'headline over 110 characters');
    expect(ISO_DATE_TIME.test(String(record.datePublished)), 'datePublished not ISO 8601');
  }
  if (type === 'WebPage') expect(isAbsoluteHttpUrl(record['@id']), '@id not absolute');
  if (type === 'ListItem') {
    expect(Number.isInteger(record.position), 'position not an integer');
    expect(isAbsoluteHttpUrl(record.item), 'item not absolute');
  }
  if (type === 'BreadcrumbList' && Array.isArray(record.itemListElement)) {
    const positions = record.itemListElement.map(
      (item) => (item as Record<string, unknown>).position,
    );
    expect(
      positions.every((position, i) => position === i + 1),
      `positions not 1..n: ${JSON.stringify(positions)}`,
    );
  }
  return problems;
}

/** A JSON-LD object as a page carries it: through JSON and back, with a schema.org context. */
function asPublished(jsonLd: JsonLd): Record<string, unknown> {
  const parsed = JSON.parse(JSON.stringify(jsonLd)) as Record<string, unknown>;
  expect(parsed['@context']).toBe('https://schema.org');
  return parsed;
}

const product: Product = {
  productId: 7,
  name: 'iced coffee with milk',
  price: 3.5,
  oldPrice: null,
  description: 'Cold brew over ice with fresh milk.\n\nSmooth and sweet.',
  category: 'coffee_baverage',
  quantity: 12,
  isAvailableAtWeb: true,
  images: [
    { productImageId: 70, imageUrl: '/images/products/7-2.svg', isMain: false },
    { productImageId: 71, imageUrl: '/images/products/7-1.svg', isMain: true },
  ],
};

const story: News = {
  newId: 3,
  title: 'Meet Coffee Tonic, the Sensation of Drinking Coffee-Flavored Soda',
  image: '/images/news/3.svg',
  createdAt: '2026-11-02T09:30:00.000Z',
  time: '4 Min',
  description: 'Espresso over tonic water and ice.\n\nBitter, bright and fizzy.',
};

describe('productJsonLd', () => {
  it('is a Product with an Offer that carries every field Google requires', () => {
    const jsonLd = asPublished(productJsonLd(product, ORIGIN));
    expect(problemsOf(jsonLd)).toEqual([]);
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: 'Iced Coffee With Milk',
      sku: '7',
      productID: '7',
      description: 'Cold brew over ice with fresh milk. Smooth and sweet.',
      url: 'https://shop.example/menu/detail/7',
      offers: {
        '@type': 'Offer',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example/menu/detail/7',
      },
    });
  });

  it('writes the price as a decimal string with two places', () => {
    expect(productJsonLd(product, ORIGIN).offers).toMatchObject({ price: '3.50' });
    expect(productJsonLd({ ...product, price: 5 }, ORIGIN).offers).toMatchObject({
      price: '5.00',
    });
    expect(productJsonLd({ ...product, price: 3.99 }, ORIGIN).offers).toMatchObject({
      price: '3.99',
    });
  });

  it('maps a product with no stock to OutOfStock, and one sold only at the cafe to InStoreOnly', () => {
    const soldOut = asPublished(productJsonLd({ ...product, quantity: 0 }, ORIGIN));
    expect(problemsOf(soldOut)).toEqual([]);
    expect(soldOut.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    expect(
      productJsonLd({ ...product, quantity: 0, isAvailableAtWeb: false }, ORIGIN).offers,
    ).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    expect(productJsonLd({ ...product, isAvailableAtWeb: false }, ORIGIN).offers).toMatchObject({
      availability: 'https://schema.org/InStoreOnly',
    });
  });

  it('lists absolute image URLs, the main image first; an image already absolute stays as is', () => {
    expect(productJsonLd(product, ORIGIN).image).toEqual([
      'https://shop.example/images/products/7-1.svg',
      'https://shop.example/images/products/7-2.svg',
    ]);
    const fromCdn = {
      ...product,
      images: [{ productImageId: 1, imageUrl: 'https://cdn.example/p/7.svg', isMain: true }],
    };
    expect(productJsonLd(fromCdn, ORIGIN).image).toEqual(['https://cdn.example/p/7.svg']);
  });

  it('fails the required-fields check when a product has no image (the check can fail)', () => {
    const problems = problemsOf(asPublished(productJsonLd({ ...product, images: [] }, ORIGIN)));
    expect(problems).toEqual(['$ (Product): missing image']);
  });
});

describe('articleJsonLd', () => {
  it('is a NewsArticle with every field the table requires, by the shop itself', () => {
    const jsonLd = asPublished(articleJsonLd(story, ORIGIN));
    expect(problemsOf(jsonLd)).toEqual([]);
    expect(jsonLd).toMatchObject({
      '@type': 'NewsArticle',
      headline: story.title,
      image: ['https://shop.example/images/news/3.svg'],
      datePublished: '2026-11-02T09:30:00.000Z',
      author: [{ '@type': 'Organization', name: 'Lumen Roastery' }],
      publisher: {
        '@type': 'Organization',
        name: 'Lumen Roastery',
        logo: { '@type': 'ImageObject', url: 'https://shop.example/favicon.svg' },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://shop.example/news/3' },
    });
  });

  it('names the author when the data has one', () => {
    expect(articleJsonLd({ ...story, author: 'Ayu Lestari' }, ORIGIN).author).toEqual([
      { '@type': 'Person', name: 'Ayu Lestari' },
    ]);
  });

  it('cuts a headline over 110 characters at a word, with an ellipsis', () => {
    const long = `${'Slow roasting at dawn '.repeat(8)}end`;
    const { headline } = articleJsonLd({ ...story, title: long }, ORIGIN);
    expect(typeof headline).toBe('string');
    expect((headline as string).length).toBeLessThanOrEqual(110);
    // A whole-word prefix of the title: the title goes on with a space where the cut is.
    const kept = (headline as string).replace(/…$/, '');
    expect(headline).toMatch(/\w…$/);
    expect(long.startsWith(`${kept} `)).toBe(true);
    expect(problemsOf(asPublished(articleJsonLd({ ...story, title: long }, ORIGIN)))).toEqual([]);
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers ListItems from 1 with absolute URLs', () => {
    const jsonLd = asPublished(
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/' },
          { name: 'Menu', path: '/menu' },
          { name: 'Iced Coffee With Milk', path: '/menu/detail/7' },
        ],
        ORIGIN,
      ),
    );
    expect(problemsOf(jsonLd)).toEqual([]);
    expect(jsonLd.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
      { '@type': 'ListItem', position: 2, name: 'Menu', item: 'https://shop.example/menu' },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Iced Coffee With Milk',
        item: 'https://shop.example/menu/detail/7',
      },
    ]);
  });
});

describe('helpers', () => {
  it('absoluteUrl resolves site paths against the origin and keeps absolute URLs', () => {
    expect(absoluteUrl('/menu', 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/menu');
    expect(absoluteUrl('https://cdn.example/a.svg', ORIGIN)).toBe('https://cdn.example/a.svg');
  });

  it('cutAtWord keeps short text and cuts long text on a word boundary', () => {
    expect(cutAtWord('  Two\n\nparagraphs ', 50)).toBe('Two paragraphs');
    expect(cutAtWord('one two three four', 12)).toBe('one two…');
    expect(cutAtWord('abcdefghijkl', 5)).toBe('abcd…');
  });
});
