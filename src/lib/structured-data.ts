// JSON-LD for search engines and link previews (issue 19): what a product page, a news item and a
// breadcrumb trail say in schema.org terms. Pure functions of the contract's data and the public
// origin, so the server-side render and the tests build the same objects.
import type { components } from '../../contract/schema';
import { BRAND_NAME } from '../../contract/brand';
import { displayName } from './display-name';
import { paths } from './paths';

type Product = components['schemas']['Product'];
type News = components['schemas']['News'];

/** A JSON-LD object: what `<script type="application/ld+json">` carries. */
export type JsonLd = { '@context': 'https://schema.org'; '@type': string } & Record<
  string,
  unknown
>;

/** One step of a breadcrumb trail: the name shown and the page's path (or absolute URL). */
export type Crumb = { name: string; path: string };

/** Google shows at most 110 characters of an Article's headline. */
const HEADLINE_MAX = 110;

/** The shop's logo: the favicon, the one mark every page already loads. */
const LOGO_PATH = '/favicon.svg';

/**
 * An absolute URL from a site-relative path (`/menu`) or an already absolute one (images from a
 * public asset origin, PUBLIC_ASSET_ORIGIN), against the shop's public origin.
 */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, origin).href;
}

/**
 * The text cut to at most `max` characters at a word boundary, with an ellipsis when it was cut.
 * Whitespace runs (paragraph breaks) become single spaces first.
 */
export function cutAtWord(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  // A single word longer than the room is cut where it must be.
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.–—-]+$/u, '')}…`;
}

/** Money as schema.org wants a price: a decimal string with two places ("3.50", never 3.5). */
function priceText(amount: number): string {
  return amount.toFixed(2);
}

/** The `isMain` image first (it is not necessarily the first one sent), then the others. */
function productImages(product: Product, origin: string): string[] {
  const main = product.images.filter((image) => image.isMain);
  const others = product.images.filter((image) => !image.isMain);
  return [...main, ...others].map((image) => absoluteUrl(image.imageUrl, origin));
}

/**
 * Out of stock when none is left (the app's "Out of stock" badge, spec §4); a product that is
 * only sold at the cafe (`isAvailableAtWeb: false`) is in stock there but not online.
 */
function availability(product: Product): string {
  if (product.quantity <= 0) return 'https://schema.org/OutOfStock';
  if (!product.isAvailableAtWeb) return 'https://schema.org/InStoreOnly';
  return 'https://schema.org/InStock';
}

function organization(origin: string) {
  return {
    '@type': 'Organization',
    name: BRAND_NAME,
    url: absoluteUrl('/', origin),
    logo: { '@type': 'ImageObject', url: absoluteUrl(LOGO_PATH, origin) },
  };
}

/** schema.org Product with one Offer in US dollars, for a product page. */
export function productJsonLd(product: Product, origin: string): JsonLd {
  const url = absoluteUrl(paths.productDetail(product.productId), origin);
  const images = productImages(product, origin);
  const description = product.description.replace(/\s+/g, ' ').trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: displayName(product.name),
    ...(images.length > 0 ? { image: images } : {}),
    ...(description !== '' ? { description } : {}),
    sku: String(product.productId),
    productID: String(product.productId),
    brand: { '@type': 'Brand', name: BRAND_NAME },
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: priceText(product.price),
      priceCurrency: 'USD',
      availability: availability(product),
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: BRAND_NAME },
    },
  };
}

/** A story as the data may carry it: the contract's News, with an author if a backend sends one. */
type Story = News & { author?: string | null };

/** schema.org NewsArticle for a news item: the shop is its author unless the data names one. */
export function articleJsonLd(story: Story, origin: string): JsonLd {
  const url = absoluteUrl(paths.newsDetail(story.newId), origin);
  const author =
    typeof story.author === 'string' && story.author.trim() !== ''
      ? { '@type': 'Person', name: story.author.trim() }
      : { '@type': 'Organization', name: BRAND_NAME, url: absoluteUrl('/', origin) };
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: cutAtWord(story.title, HEADLINE_MAX),
    image: [absoluteUrl(story.image, origin)],
    datePublished: story.createdAt,
    dateModified: story.createdAt,
    description: cutAtWord(story.description, 155),
    author: [author],
    publisher: organization(origin),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
  };
}

/** schema.org BreadcrumbList: each crumb a ListItem, numbered from 1, with its absolute URL. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path, origin),
    })),
  };
}
