// Cups (side and top view) and iced glasses for the coffee & beverage products.
import type { CupSpec, GlassSpec } from './catalog';
import { C } from './palette';
import { citrusSlice, heartArt, iceCube, mapleArt, rosettaArt, steam, tulipArt } from './props';
import {
  between,
  circle,
  clip,
  d,
  el,
  ellipse,
  g,
  hlinear,
  linear,
  path,
  radial,
  rect,
  rng,
  shade,
  stroke,
} from './svg';

export interface Art {
  defs: string;
  body: string;
  /** Point the close-up framing zooms into. */
  focus: readonly [number, number];
}

const CUP_SIZES = {
  small: { rx: 96, h: 112, bw: 0.62 },
  regular: { rx: 116, h: 158, bw: 0.6 },
  tall: { rx: 96, h: 214, bw: 0.78 },
} as const;

function latteArt(spec: CupSpec): string {
  switch (spec.art) {
    case 'heart':
      return heartArt(spec.artColor);
    case 'rosetta':
      return rosettaArt(spec.artColor, spec.drink);
    case 'tulip':
      return tulipArt(spec.artColor, spec.drink);
    case 'maple':
      return mapleArt(spec.artColor, spec.drink);
    case 'crema':
      return circle(0, 0, 60, shade(spec.drink, 0.2), { opacity: 0.6 });
    case 'none':
      return '';
  }
}

function cocoaDust(seed: number, n: number, rx: number, ry: number): string {
  const r = rng(seed);
  let out = '';
  for (let i = 0; i < n; i++) {
    const a = between(r, 0, Math.PI * 2);
    const m = Math.sqrt(r()) * 0.9;
    out += circle(Math.cos(a) * rx * m, Math.sin(a) * ry * m, between(r, 1.5, 3.5), C.roast, {
      opacity: 0.55,
    });
  }
  return out;
}

function cinnamon(x: number, y: number, rot: number): string {
  return g(
    { transform: `translate(${x} ${y}) rotate(${rot})` },
    rect(-58, -9, 116, 18, '#8a4b26', { rx: 9 }),
    stroke(d`M-50 -2 L50 -2`, '#6b3517', 3),
    ellipse(58, 0, 6, 9, '#b86a3a'),
  );
}

function starAnise(x: number, y: number, r: number): string {
  let pts = '';
  for (let i = 0; i < 16; i++) {
    const a = (i * Math.PI) / 8;
    const rr = i % 2 === 0 ? r : r * 0.38;
    pts += `${(x + Math.cos(a) * rr).toFixed(1)},${(y + Math.sin(a) * rr).toFixed(1)} `;
  }
  return el('polygon', { points: pts.trim(), fill: '#7a3b1e' }) + circle(x, y, r * 0.2, '#4a2412');
}

export function cupSide(id: number, spec: CupSpec): Art {
  const { rx, h, bw: bwr } = CUP_SIZES[spec.size];
  const cx = 292;
  const bottom = 488;
  const top = bottom - h;
  const bw = rx * bwr;
  const ry = rx * 0.26;
  const body = d`M${cx - rx} ${top} C${cx - rx} ${top + h * 0.7} ${cx - bw - rx * 0.15} ${bottom} ${cx - bw} ${bottom}
    L${cx + bw} ${bottom} C${cx + bw + rx * 0.15} ${bottom} ${cx + rx} ${top + h * 0.7} ${cx + rx} ${top}Z`;
  const sr = spec.size === 'small' ? rx * 1.75 : rx * 1.55;
  const defs =
    hlinear(`cg${id}`, [
      [0, shade(spec.cup, 0.16)],
      [0.45, spec.cup],
      [1, shade(spec.cup, -0.22)],
    ]) + clip(`cc${id}`, path(body, '#000'));
  const art = g(
    {
      transform: `translate(${cx} ${top + 2}) scale(${((rx - 14) / 100).toFixed(3)} ${((ry - 6) / 100).toFixed(3)})`,
    },
    latteArt(spec),
    spec.garnish === 'cocoa' ? cocoaDust(id, 40, 95, 95) : '',
  );
  const out =
    ellipse(cx, bottom + 8, sr, sr * 0.2, shade(spec.saucer, -0.22)) +
    ellipse(cx, bottom + 2, sr, sr * 0.2, spec.saucer) +
    ellipse(cx, bottom + 2, sr * 0.62, sr * 0.11, shade(spec.saucer, -0.08)) +
    (spec.garnish === 'cinnamon'
      ? cinnamon(cx - sr * 0.62, bottom + 6, -12) + starAnise(cx + sr * 0.72, bottom + 4, 16)
      : '') +
    stroke(
      d`M${cx + rx * 0.9} ${top + h * 0.18} C${cx + rx * 1.62} ${top + h * 0.1} ${cx + rx * 1.55} ${top + h * 0.78} ${cx + rx * 0.68} ${top + h * 0.78}`,
      shade(spec.cup, -0.12),
      rx * 0.15,
    ) +
    path(body, `url(#cg${id})`) +
    rect(cx - rx, top + h * 0.16, rx * 2, h * 0.09, spec.band, { 'clip-path': `url(#cc${id})` }) +
    stroke(
      d`M${cx - rx * 0.8} ${top + h * 0.3} C${cx - rx * 0.78} ${top + h * 0.6} ${cx - rx * 0.7} ${top + h * 0.8} ${cx - rx * 0.5} ${bottom - h * 0.08}`,
      C.white,
      rx * 0.07,
      { opacity: 0.3 },
    ) +
    ellipse(cx, top, rx, ry, shade(spec.cup, 0.1)) +
    ellipse(cx, top + 1, rx - 6, ry - 3, shade(spec.cup, -0.2)) +
    ellipse(cx, top + 3, rx - 10, ry - 6, spec.drink) +
    art +
    steam(cx, top - 24, rx / 110, C.white, 0.65);
  return { defs, body: out, focus: [cx, top + 30] };
}

export function cupTop(id: number, spec: CupSpec): Art {
  const cx = 300;
  const cy = 300;
  const rx = spec.size === 'small' ? 104 : spec.size === 'tall' ? 118 : 132;
  const sr = Math.min(215, rx * 1.6);
  const art = g(
    { transform: `translate(${cx} ${cy}) scale(${((rx - 16) / 100).toFixed(3)})` },
    latteArt(spec),
    spec.garnish === 'cocoa' ? cocoaDust(id, 60, 95, 95) : '',
  );
  const body =
    circle(cx + 10, cy + 14, sr, C.espresso, { opacity: 0.14 }) +
    circle(cx, cy, sr, spec.saucer) +
    circle(cx, cy, rx * 1.08, shade(spec.saucer, -0.08)) +
    el('rect', {
      x: cx + rx - 10,
      y: cy - rx * 0.13,
      width: rx * 0.55,
      height: rx * 0.26,
      rx: rx * 0.13,
      fill: shade(spec.cup, -0.1),
    }) +
    rect(cx - sr * 0.9, cy + sr * 0.42, sr * 0.62, 12, C.steel, {
      rx: 6,
      transform: `rotate(-28 ${cx} ${cy})`,
    }) +
    ellipse(cx - sr * 0.28, cy + sr * 0.42, 22, 14, C.steel, {
      transform: `rotate(-28 ${cx} ${cy})`,
    }) +
    circle(cx, cy, rx, spec.cup) +
    circle(cx, cy, rx - 5, spec.band) +
    circle(cx, cy, rx - 12, spec.drink) +
    art +
    (spec.garnish === 'cinnamon'
      ? cinnamon(cx - sr * 0.55, cy - sr * 0.62, 35) + starAnise(cx + sr * 0.6, cy + sr * 0.58, 22)
      : '');
  return { defs: '', body, focus: [cx, cy] };
}

function liquidGradient(id: string, layers: readonly string[]): string {
  const n = layers.length;
  const list: Array<readonly [number, string]> = [];
  layers.forEach((c, i) => {
    list.push([Math.max(0, i / n + 0.06), c], [Math.min(1, (i + 1) / n - 0.06), c]);
  });
  return linear(id, list);
}

function whip(cx: number, y: number, w: number): string {
  const blobs: Array<[number, number, number]> = [
    [-0.8, 0, 0.32],
    [-0.35, -0.08, 0.4],
    [0.15, -0.1, 0.42],
    [0.62, 0, 0.34],
    [-0.45, -0.55, 0.34],
    [0.2, -0.6, 0.36],
    [-0.1, -1.0, 0.3],
    [0.05, -1.3, 0.16],
  ];
  let out = '';
  for (const [bx, by, r] of blobs) out += circle(cx + bx * w, y + by * w, r * w + 2.5, '#d9c3a5');
  for (const [bx, by, r] of blobs) out += circle(cx + bx * w, y + by * w, r * w, '#f7eddc');
  for (const [bx, by, r] of blobs)
    out += circle(cx + bx * w - r * w * 0.25, y + by * w - r * w * 0.25, r * w * 0.45, C.white, {
      opacity: 0.6,
    });
  out += stroke(
    d`M${cx - w * 0.8} ${y - w * 0.2} L${cx - w * 0.4} ${y - w * 0.5} L${cx - w * 0.1} ${y - w * 0.05} L${cx + w * 0.25} ${y - w * 0.75} L${cx + w * 0.55} ${y - w * 0.15}`,
    C.chocolate,
    6,
    { 'stroke-linejoin': 'round' },
  );
  return out;
}

function mint(x: number, y: number, s: number): string {
  const leaf = (rot: number): string =>
    g(
      { transform: `rotate(${rot})` },
      path(d`M0 0 C-18 -12 -16 -44 0 -58 C16 -44 18 -12 0 0Z`, C.leaf),
      stroke(d`M0 -4 L0 -50`, C.leafDark, 2),
    );
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    stroke(d`M0 10 L0 -10`, C.leafDark, 4),
    leaf(-40),
    leaf(35),
    leaf(0),
  );
}

export function glassSide(id: number, spec: GlassSpec): Art {
  const cx = 300;
  const bottom = 500;
  const top = spec.tall ? 150 : 240;
  const thw = spec.tall ? 96 : 112;
  const bhw = spec.tall ? 76 : 92;
  const liq = top + (spec.garnish === 'whip' ? 18 : spec.tall ? 46 : 36);
  const at = (y: number): number => thw + ((bhw - thw) * (y - top)) / (bottom - top);
  const shape = (inset: number, base: number): string =>
    d`M${cx - thw + inset} ${top} L${cx + thw - inset} ${top} L${cx + bhw - inset} ${bottom - base - 8} Q${cx + bhw - inset} ${bottom - base} ${cx + bhw - inset - 8} ${bottom - base}
      L${cx - bhw + inset + 8} ${bottom - base} Q${cx - bhw + inset} ${bottom - base} ${cx - bhw + inset} ${bottom - base - 8}Z`;
  const r = rng(id * 97);
  let ice = '';
  for (let i = 0; i < spec.ice; i++) {
    const y = liq + 8 + (i % 3) * 34 + between(r, -6, 6);
    const half = at(y) - 34;
    ice += iceCube(cx + between(r, -half, half), y, between(r, 0.9, 1.15), between(r, -30, 30));
  }
  let bubbles = '';
  if (spec.bubbles) {
    for (let i = 0; i < 22; i++) {
      const y = between(r, liq + 20, bottom - 30);
      const half = at(y) - 16;
      bubbles += el('circle', { cx: cx + between(r, -half, half), cy: y, r: between(r, 2.5, 7) });
    }
  }
  let drops = '';
  for (let i = 0; i < 7; i++) {
    const y = between(r, liq + 30, bottom - 40);
    const side = i % 2 === 0 ? -1 : 1;
    drops += el('ellipse', { cx: cx + side * (at(y) - between(r, 8, 40)), cy: y, rx: 3, ry: 5 });
  }
  const defs = liquidGradient(`lq${id}`, spec.layers) + clip(`gc${id}`, path(shape(7, 16), '#000'));
  const straw = spec.straw
    ? stroke(d`M${cx + 18} ${bottom - 70} L${cx + 86} ${top - 96}`, spec.straw, 16) +
      stroke(d`M${cx + 18} ${bottom - 70} L${cx + 86} ${top - 96}`, C.white, 16, {
        'stroke-dasharray': '14 14',
        opacity: spec.straw === C.cream ? 0 : 0.35,
        'stroke-linecap': 'butt',
      })
    : '';
  const garnish =
    spec.garnish === 'orange'
      ? citrusSlice(cx + thw - 22, top + 4, 50, '#e47d1e', '#f8b54a')
      : spec.garnish === 'lemon'
        ? citrusSlice(cx - thw + 26, top + 8, 42, '#e0c12c', '#f6e27a')
        : spec.garnish === 'mint'
          ? mint(cx - 30, liq - 4, 1)
          : spec.garnish === 'whip'
            ? whip(cx - 6, top + 14, thw * 0.82)
            : '';
  const body =
    ellipse(cx, bottom + 4, bhw + 52, 20, shade(spec.coaster, -0.2)) +
    ellipse(cx, bottom, bhw + 52, 20, spec.coaster) +
    (spec.straw ? g({ opacity: 0.9 }, straw) : '') +
    g(
      { 'clip-path': `url(#gc${id})` },
      rect(cx - thw, liq, thw * 2, bottom - liq, `url(#lq${id})`),
      ellipse(cx, liq, at(liq), 9, shade(spec.layers[0] ?? C.foam, 0.18)),
      spec.straw
        ? stroke(d`M${cx + 18} ${bottom - 70} L${cx + 86} ${top - 96}`, spec.straw, 16, {
            opacity: 0.55,
          })
        : '',
      bubbles
        ? g({ fill: 'none', stroke: C.white, 'stroke-width': 2, opacity: 0.75 }, bubbles)
        : '',
      ice,
    ) +
    path(shape(0, 0), C.white, {
      'fill-opacity': 0.2,
      stroke: C.white,
      'stroke-opacity': 0.9,
      'stroke-width': 4,
    }) +
    path(
      d`M${cx - bhw + 7} ${bottom - 16} L${cx + bhw - 7} ${bottom - 16} L${cx + bhw - 4} ${bottom - 8} Q${cx + bhw - 4} ${bottom - 3} ${cx + bhw - 10} ${bottom - 3} L${cx - bhw + 10} ${bottom - 3} Q${cx - bhw + 4} ${bottom - 3} ${cx - bhw + 4} ${bottom - 8}Z`,
      C.white,
      { opacity: 0.4 },
    ) +
    ellipse(cx, top, thw, 11, C.white, {
      'fill-opacity': 0.15,
      stroke: C.white,
      'stroke-width': 4,
    }) +
    stroke(d`M${cx - thw + 20} ${top + 34} L${cx - bhw + 18} ${bottom - 50}`, C.white, 9, {
      opacity: 0.5,
    }) +
    g({ fill: C.white, opacity: 0.55 }, drops) +
    garnish;
  return { defs, body, focus: [cx, top + 80] };
}

export function glassTop(id: number, spec: GlassSpec): Art {
  const cx = 300;
  const cy = 300;
  const r = rng(id * 31);
  let ice = '';
  for (let i = 0; i < spec.ice + 1; i++) {
    const a = (i / (spec.ice + 1)) * Math.PI * 2 + between(r, 0, 0.6);
    const m = between(r, 35, 62);
    ice += iceCube(cx + Math.cos(a) * m, cy + Math.sin(a) * m, 1.25, between(r, 0, 90));
  }
  const l0 = spec.layers[0] ?? C.foam;
  const l1 = spec.layers[1] ?? l0;
  const defs = radial(`tg${id}`, [
    [0, shade(l0, 0.1)],
    [0.7, l0],
    [1, l1],
  ]);
  let garnish = '';
  if (spec.garnish === 'orange') garnish = citrusSlice(cx + 96, cy - 86, 58, '#e47d1e', '#f8b54a');
  if (spec.garnish === 'lemon') garnish = citrusSlice(cx - 92, cy - 92, 48, '#e0c12c', '#f6e27a');
  if (spec.garnish === 'mint') garnish = mint(cx - 10, cy + 20, 1.4);
  if (spec.garnish === 'whip') {
    garnish =
      circle(cx, cy, 94, '#d9c3a5') +
      circle(cx, cy, 92, '#f7eddc') +
      circle(cx, cy, 66, '#e6d3b8') +
      circle(cx, cy, 63, '#f7eddc') +
      circle(cx, cy, 36, '#e6d3b8') +
      circle(cx, cy, 33, C.white) +
      stroke(
        d`M${cx - 70} ${cy - 20} L${cx + 60} ${cy - 40} M${cx - 60} ${cy + 30} L${cx + 70} ${cy + 10}`,
        C.chocolate,
        6,
      );
    ice = '';
  }
  const straw = spec.straw
    ? circle(cx + 44, cy - 40, 14, spec.straw) +
      circle(cx + 44, cy - 40, 7, shade(spec.straw, -0.35))
    : '';
  const body =
    circle(cx + 12, cy + 14, 182, C.espresso, { opacity: 0.13 }) +
    circle(cx, cy, 180, spec.coaster) +
    circle(cx, cy, 150, shade(spec.coaster, -0.1), {
      fill: 'none',
      stroke: shade(spec.coaster, 0.15),
      'stroke-width': 3,
      'stroke-dasharray': '6 10',
    }) +
    circle(cx, cy, 124, C.white, { 'fill-opacity': 0.4, stroke: C.white, 'stroke-width': 8 }) +
    circle(cx, cy, 112, `url(#tg${id})`) +
    (spec.bubbles
      ? circle(cx - 40, cy + 30, 6, 'none', { stroke: C.white, 'stroke-width': 2 }) +
        circle(cx + 20, cy + 60, 4, 'none', { stroke: C.white, 'stroke-width': 2 })
      : '') +
    ice +
    straw +
    garnish;
  return { defs, body, focus: [cx, cy] };
}
