// Tiny string builders for hand-written SVG. Numbers are rounded to one decimal so files stay small
// and byte-identical between runs.

type AttrValue = string | number | undefined | null | false;
export type Attrs = Record<string, AttrValue>;

function fmt(n: number): string {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

function escAttr(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function escText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function el(tag: string, attrs: Attrs = {}, ...children: string[]): string {
  let a = '';
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    a += ` ${k}="${typeof v === 'number' ? fmt(v) : escAttr(v)}"`;
  }
  const inner = children.join('');
  return inner ? `<${tag}${a}>${inner}</${tag}>` : `<${tag}${a}/>`;
}

/** Path data template: numbers are formatted with fmt(). */
export function d(strings: TemplateStringsArray, ...vals: number[]): string {
  let out = strings[0] ?? '';
  for (let i = 0; i < vals.length; i++) out += fmt(vals[i] ?? 0) + (strings[i + 1] ?? '');
  return out.replace(/\s+/g, ' ').trim();
}

export const g = (attrs: Attrs, ...children: string[]): string => el('g', attrs, ...children);
export const rect = (
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  extra: Attrs = {},
): string => el('rect', { x, y, width: w, height: h, fill, ...extra });
export const circle = (
  cx: number,
  cy: number,
  r: number,
  fill: string,
  extra: Attrs = {},
): string => el('circle', { cx, cy, r, fill, ...extra });
export const ellipse = (
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  extra: Attrs = {},
): string => el('ellipse', { cx, cy, rx, ry, fill, ...extra });
export const path = (pd: string, fill: string, extra: Attrs = {}): string =>
  el('path', { d: pd, fill, ...extra });
export const stroke = (pd: string, color: string, width: number, extra: Attrs = {}): string =>
  el('path', {
    d: pd,
    fill: 'none',
    stroke: color,
    'stroke-width': width,
    'stroke-linecap': 'round',
    ...extra,
  });
export const poly = (
  pts: ReadonlyArray<readonly [number, number]>,
  fill: string,
  extra: Attrs = {},
): string =>
  el('polygon', { points: pts.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' '), fill, ...extra });

export function text(
  x: number,
  y: number,
  s: string,
  size: number,
  fill: string,
  extra: Attrs = {},
): string {
  return el(
    'text',
    {
      x,
      y,
      'font-size': size,
      fill,
      'font-family': 'system-ui, sans-serif',
      'text-anchor': 'middle',
      ...extra,
    },
    escText(s),
  );
}

export type Stop = readonly [offset: number, color: string, opacity?: number];

function stops(list: ReadonlyArray<Stop>): string {
  return list
    .map(([o, c, op]) =>
      el('stop', { offset: o, 'stop-color': c, 'stop-opacity': op === undefined ? undefined : op }),
    )
    .join('');
}

/** Linear gradient; default direction is top to bottom. */
export function linear(
  id: string,
  list: ReadonlyArray<Stop>,
  x1 = 0,
  y1 = 0,
  x2 = 0,
  y2 = 1,
): string {
  return el('linearGradient', { id, x1, y1, x2, y2 }, stops(list));
}

/** Horizontal linear gradient (left to right). */
export const hlinear = (id: string, list: ReadonlyArray<Stop>): string =>
  linear(id, list, 0, 0, 1, 0);

export function radial(id: string, list: ReadonlyArray<Stop>, cx = 0.5, cy = 0.5, r = 0.5): string {
  return el('radialGradient', { id, cx, cy, r }, stops(list));
}

export const clip = (id: string, ...shapes: string[]): string => el('clipPath', { id }, ...shapes);

/** A complete standalone SVG document. Width/height are set so <img> gets an intrinsic aspect ratio. */
const BEAN_DEF =
  '<g id="bn"><ellipse rx="14" ry="10"/><path d="M-11-2C-4 4 4-4 11 2" fill="none" stroke="#000" stroke-opacity=".45" stroke-width="2.5" stroke-linecap="round"/></g>';

export function svgDoc(w: number, h: number, title: string, defs: string, body: string): string {
  if (body.includes('href="#bn"') || defs.includes('href="#bn"')) defs = BEAN_DEF + defs;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-labelledby="t">` +
    `<title id="t">${escText(title)}</title>` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    '</svg>\n'
  );
}

/** Seeded PRNG (mulberry32): the only source of variation, so every run writes the same bytes. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (r: () => number, lo: number, hi: number): number => lo + (hi - lo) * r();

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex(r: number, g2: number, b: number): string {
  const c = (v: number): string =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g2)}${c(b)}`;
}

/** Linear mix of two hex colours: t=0 gives a, t=1 gives b. */
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hexToRgb(a);
  const [r2, g2, b2] = hexToRgb(b);
  return rgbToHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

/** Positive amount lightens towards white, negative darkens towards black. */
export function shade(c: string, amount: number): string {
  return amount >= 0 ? mix(c, '#ffffff', amount) : mix(c, '#000000', -amount);
}

export function pick<T>(list: ReadonlyArray<T>, i: number): T {
  const v = list[((i % list.length) + list.length) % list.length];
  if (v === undefined) throw new Error('pick from an empty list');
  return v;
}
