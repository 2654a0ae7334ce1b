// What the <head> of each public page says to search engines and link previews (issue 19): title,
// description, canonical URL, Open Graph, Twitter and JSON-LD. The server-side render builds a
// PageHead from the page's data and writes renderHeadTags() into the HTML it sends.
import type { components } from '../../contract/schema';
import { BRAND_NAME } from '../../contract/brand';
import { displayName } from './display-name';
import { documentTitle } from './document-title';
import { paths } from './paths';
import {
  absoluteUrl,
  articleJsonLd,
  breadcrumbJsonLd,
  cutAtWord,
  productJsonLd,
} from './structured-data';

type Product = components['schemas']['Product'];
type News = components['schemas']['News'];

export type PageHead = {
  /** The whole <title>, as the tab shows it (documentTitle). */
  title: string;
  description: string;
  /** The page's path on the shop (`/menu/detail/3`); the canonical URL is the origin plus this. */
  path: string;
  /** The preview image: site-relative or absolute. */
  image?: string;
  type: 'website' | 'article' | 'product';
  jsonLd: object[];
  /** Not for search engines (the not-found page). */
  noindex?: boolean;
};

/** Search results show about 155 characters of a description. */
const DESCRIPTION_MAX = 155;

/** Escapes text for HTML text and for attribute values in double or single quotes. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * JSON for a <script> block: `<` (and `>`, `&`, the line separators) as JSON escapes, so no
 * string in the data can close the script (`</script>`) or open a comment; JSON.parse reads it back
 * unchanged.
 */
function scriptJson(value: object): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
}

/** The tags a page's <head> carries, one per line, every value escaped. */
export function renderHeadTags(head: PageHead, origin: string): string {
  const url = absoluteUrl(head.path, origin);
  const image = head.image === undefined ? undefined : absoluteUrl(head.image, origin);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:site_name', BRAND_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    ...head.jsonLd.map((item) => `<script type="application/ld+json">${scriptJson(item)}</script>`),
  ];
  return tags.join('\n');
}

/** The main image (`isMain`), else the first; `images` may be empty. */
function mainImage(product: Product): string | undefined {
  return (product.images.find((image) => image.isMain) ?? product.images[0])?.imageUrl;
}

export function homeHead(): PageHead {
  return {
    title: documentTitle(undefined),
    description:
      'Lumen Roastery: small-batch coffee, fresh food, workspaces and community events. Order from the menu online or visit the cafe.',
    path: paths.home(),
    image: '/images/home/hero.svg',
    type: 'website',
    jsonLd: [],
  };
}

export function menuHead(): PageHead {
  return {
    title: documentTitle('Menu'),
    description:
      'The Lumen Roastery menu: coffee and beverages, food and snacks, and coffee for home, with prices. Add to the cart and order online.',
    path: paths.menu(),
    type: 'website',
    jsonLd: [],
  };
}

/** A product page: its name and description, its main image, Product and Home › Menu › product. */
export function productHead(product: Product, origin: string): PageHead {
  const name = displayName(product.name);
  const path = paths.productDetail(product.productId);
  const description =
    product.description.trim() === ''
      ? `${name} from the Lumen Roastery menu.`
      : cutAtWord(product.description, DESCRIPTION_MAX);
  const image = mainImage(product);
  return {
    title: documentTitle(name),
    description,
    path,
    ...(image !== undefined ? { image } : {}),
    type: 'product',
    jsonLd: [
      productJsonLd(product, origin),
      breadcrumbJsonLd(
        [
          { name: 'Home', path: paths.home() },
          { name: 'Menu', path: paths.menu() },
          { name, path },
        ],
        origin,
      ),
    ],
  };
}

export function newsHead(): PageHead {
  return {
    title: documentTitle('News'),
    description:
      'News from Lumen Roastery: visits to coffee producers, brewing guides, workshops and our new coffees.',
    path: paths.news(),
    type: 'website',
    jsonLd: [],
  };
}

/** A news item: its title, the start of its text, its image, Article and Home › News › story. */
export function newsItemHead(story: News, origin: string): PageHead {
  const path = paths.newsDetail(story.newId);
  return {
    title: documentTitle(story.title),
    description: cutAtWord(story.description, DESCRIPTION_MAX),
    path,
    image: story.image,
    type: 'article',
    jsonLd: [
      articleJsonLd(story, origin),
      breadcrumbJsonLd(
        [
          { name: 'Home', path: paths.home() },
          { name: 'News', path: paths.news() },
          { name: story.title, path },
        ],
        origin,
      ),
    ],
  };
}

export function communityHead(): PageHead {
  return {
    title: documentTitle('Community'),
    description:
      'Upcoming and past events at Lumen Roastery: latte art workshops, cupping classes, factory visits and competitions.',
    path: paths.community(),
    type: 'website',
    jsonLd: [],
  };
}

export function spacesHead(): PageHead {
  return {
    title: documentTitle('Spaces'),
    description:
      'The spaces of Lumen Roastery: workspaces, meeting spaces and an event space, in a photo gallery.',
    path: paths.spaces(),
    type: 'website',
    jsonLd: [],
  };
}

/** Any address the shop does not have: named as the app names it, and kept out of the index. */
export function notFoundHead(path: string = paths.home()): PageHead {
  return {
    title: documentTitle('Page not found'),
    description:
      'This page does not exist at Lumen Roastery. The menu, news and events are a click away.',
    path,
    type: 'website',
    jsonLd: [],
    noindex: true,
  };
}
