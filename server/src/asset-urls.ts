// Image URLs in answers are site-relative (/images/...), which only work for a client served by
// this origin. With a public asset origin configured (PUBLIC_ASSET_ORIGIN, e.g. a CDN or this
// server's public address), they are made absolute so a client on another origin shows them.
// Done once on the way out rather than in every JSON builder: the contract's image fields are
// few and named alike, and a new answer with images gets them without anyone remembering to.

/** The contract's image fields: Product.images[].imageUrl, News/Event/Space.image, cart and order lines. */
const IMAGE_FIELDS = new Set(['imageUrl', 'image', 'productImg']);

function absolute(origin: string, value: unknown): unknown {
  // Only site-relative paths: absolute and protocol-relative URLs are left as they are.
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
    ? `${origin}${value}`
    : value;
}

/** The answer with every image path prefixed by `origin`; the input is not changed. */
export function withAssetOrigin(body: unknown, origin: string): unknown {
  if (Array.isArray(body)) return body.map((item) => withAssetOrigin(item, origin));
  if (typeof body !== 'object' || body === null) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    out[key] = IMAGE_FIELDS.has(key) ? absolute(origin, value) : withAssetOrigin(value, origin);
  }
  return out;
}
