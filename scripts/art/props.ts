// Small reusable props shared by product framings and scenes.
import { C } from './palette';
import { between, circle, d, el, ellipse, g, path, rect, rng, shade, stroke } from './svg';

/** A coffee bean. Drawn as a <use> of the shared "#bn" shape, which svgDoc() adds to any file that uses it. */
export function bean(
  x: number,
  y: number,
  s: number,
  rot: number,
  color: string = C.roast,
): string {
  return el('use', {
    href: '#bn',
    fill: color,
    transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${Math.round(rot)}) scale(${s.toFixed(2)})`,
  });
}

/** A loose scatter of beans inside a box; seeded so it is the same every run. */
export function beans(
  seed: number,
  x: number,
  y: number,
  w: number,
  h: number,
  count: number,
  s = 1,
  color: string = C.roast,
): string {
  const r = rng(seed);
  let out = '';
  for (let i = 0; i < count; i++) {
    const c = i % 3 === 0 ? shade(color, 0.12) : color;
    out += bean(
      between(r, x, x + w),
      between(r, y, y + h),
      s * between(r, 0.85, 1.15),
      between(r, 0, 360),
      c,
    );
  }
  return out;
}

export function steam(
  cx: number,
  y: number,
  s = 1,
  color: string = C.white,
  opacity = 0.7,
): string {
  const one = (x: number, dy: number): string =>
    stroke(
      d`M${x} ${y + dy} c${-14 * s} ${-18 * s} ${14 * s} ${-32 * s} 0 ${-50 * s} s${14 * s} ${-32 * s} 0 ${-50 * s}`,
      color,
      7 * s,
    );
  return g({ opacity }, one(cx - 28 * s, 0), one(cx, -14 * s), one(cx + 28 * s, 0));
}

export function shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.14): string {
  return ellipse(cx, cy, rx, ry, C.espresso, { opacity });
}

/** Potted plant with a few leaves. (x, y) is the bottom centre of the pot. */
export function plant(x: number, y: number, s = 1, pot: string = C.terracotta): string {
  const leaf = (rot: number, len: number, col: string): string =>
    g(
      { transform: `rotate(${rot} 0 0)` },
      path(
        d`M0 0 C${-len * 0.28} ${-len * 0.45} ${-len * 0.1} ${-len * 0.9} 0 ${-len} C${len * 0.1} ${-len * 0.9} ${len * 0.28} ${-len * 0.45} 0 0Z`,
        col,
      ),
    );
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    g(
      { transform: 'translate(0 -58)' },
      leaf(-55, 80, C.leaf),
      leaf(-20, 100, C.leafDark),
      leaf(15, 95, C.leaf),
      leaf(50, 75, C.leafDark),
    ),
    path(d`M-36 -64 L36 -64 L28 0 L-28 0Z`, pot),
    rect(-40, -70, 80, 12, shade(pot, -0.12), { rx: 3 }),
  );
}

/** Side view of a small cup on a saucer; (x, y) is the bottom centre of the saucer. */
export function smallCup(
  x: number,
  y: number,
  s: number,
  cup: string,
  drink: string = C.caramel,
): string {
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    ellipse(0, -6, 70, 13, shade(cup, -0.1)),
    ellipse(0, -10, 68, 12, cup),
    stroke(d`M38 -62 C70 -64 70 -28 30 -28`, cup, 9),
    path(d`M-45 -75 L45 -75 C44 -40 32 -14 18 -12 L-18 -12 C-32 -14 -44 -40 -45 -75Z`, cup),
    ellipse(0, -75, 45, 10, shade(cup, -0.08)),
    ellipse(0, -74, 39, 7.5, drink),
  );
}

export function table(w: number, h: number, y: number, color: string = C.wood): string {
  return g(
    {},
    rect(0, y, w, h - y, color),
    rect(0, y, w, 10, shade(color, 0.15)),
    rect(0, y + 10, w, 6, shade(color, -0.2), { opacity: 0.5 }),
  );
}

export function heartArt(fill: string): string {
  return (
    path(
      d`M0 55 C-78 2 -66 -58 -28 -58 C-12 -58 0 -46 0 -34 C0 -46 12 -58 28 -58 C66 -58 78 2 0 55Z`,
      fill,
    ) + stroke(d`M0 -40 L0 62`, fill, 4)
  );
}

/** Rosetta latte art in a radius-100 circle. */
export function rosettaArt(fill: string, base: string): string {
  let out = path(d`M0 -70 C-60 -50 -70 40 0 70 C70 40 60 -50 0 -70Z`, fill);
  for (let i = 0; i < 5; i++) {
    const y = -48 + i * 22;
    out += stroke(d`M-${44 - i * 5} ${y + 14} Q0 ${y - 8} ${44 - i * 5} ${y + 14}`, base, 5);
  }
  return out + stroke(d`M0 -72 L0 78`, base, 3);
}

export function tulipArt(fill: string, base: string): string {
  return (
    path(d`M-62 56 C-70 -4 70 -4 62 56 C40 30 -40 30 -62 56Z`, fill) +
    path(d`M-52 14 C-58 -40 58 -40 52 14 C32 -6 -32 -6 -52 14Z`, fill) +
    ellipse(0, -42, 34, 24, fill) +
    stroke(d`M0 -64 L0 62`, base, 3)
  );
}

const MAPLE_RIGHT: ReadonlyArray<readonly [number, number]> = [
  [0, -74],
  [12, -46],
  [30, -56],
  [24, -24],
  [52, -40],
  [48, -16],
  [72, -12],
  [44, 10],
  [54, 24],
  [22, 20],
  [18, 38],
  [4, 30],
  [3, 66],
];

/** Maple-leaf latte art (autumn special) in a radius-100 circle. */
export function mapleArt(fill: string, vein: string): string {
  const pts = [...MAPLE_RIGHT, ...[...MAPLE_RIGHT].reverse().map(([x, y]) => [-x, y] as const)];
  return (
    path(`M${pts.map(([x, y]) => `${x} ${y}`).join('L')}Z`, fill) +
    stroke(d`M0 40 L0 -56 M0 16 L40 -22 M0 16 L-40 -22 M0 30 L34 14 M0 30 L-34 14`, vein, 3, {
      opacity: 0.5,
    })
  );
}

export function iceCube(x: number, y: number, s: number, rot: number): string {
  return el('rect', {
    x: -20 * s,
    y: -20 * s,
    width: 40 * s,
    height: 40 * s,
    rx: 7 * s,
    fill: C.white,
    'fill-opacity': 0.45,
    stroke: C.white,
    'stroke-opacity': 0.85,
    'stroke-width': 2.5,
    transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${Math.round(rot)})`,
  });
}

export function citrusSlice(x: number, y: number, r: number, peel: string, flesh: string): string {
  let seg = '';
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    seg += `M0 0L${(Math.cos(a) * r * 0.78).toFixed(1)} ${(Math.sin(a) * r * 0.78).toFixed(1)}`;
  }
  return g(
    { transform: `translate(${x} ${y})` },
    circle(0, 0, r, peel),
    circle(0, 0, r * 0.86, shade(flesh, 0.5)),
    circle(0, 0, r * 0.78, flesh),
    path(seg, 'none', { stroke: shade(flesh, 0.55), 'stroke-width': 2.5 }),
  );
}

export function person(
  x: number,
  y: number,
  s: number,
  shirt: string,
  skin: string,
  hair: string,
): string {
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    path(d`M-48 0 C-48 -60 -30 -88 0 -88 C30 -88 48 -60 48 0Z`, shirt),
    rect(-9, -104, 18, 20, shade(skin, -0.1)),
    circle(0, -124, 26, skin),
    path(d`M-27 -124 C-30 -160 30 -160 27 -124 C20 -140 -20 -140 -27 -124Z`, hair),
  );
}

export function pendantLamp(
  x: number,
  top: number,
  len: number,
  s: number,
  color: string,
  glow = true,
): string {
  return g(
    {},
    el('line', { x1: x, y1: top, x2: x, y2: top + len, stroke: C.ink, 'stroke-width': 2 }),
    glow ? ellipse(x, top + len + 34 * s, 60 * s, 24 * s, C.butter, { opacity: 0.35 }) : '',
    path(
      d`M${x - 34 * s} ${top + len + 30 * s} C${x - 30 * s} ${top + len} ${x + 30 * s} ${top + len} ${x + 34 * s} ${top + len + 30 * s}Z`,
      color,
    ),
    circle(x, top + len + 31 * s, 8 * s, C.butter),
  );
}

export function windowFrame(
  x: number,
  y: number,
  w: number,
  h: number,
  frame: string,
  sky: string,
): string {
  return g(
    {},
    rect(x - 8, y - 8, w + 16, h + 16, frame, { rx: 4 }),
    rect(x, y, w, h, sky),
    rect(x + w / 2 - 4, y, 8, h, frame),
    rect(x, y + h / 2 - 4, w, 8, frame),
  );
}

export function chair(x: number, y: number, s: number, color: string): string {
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    rect(-26, -110, 8, 110, shade(color, -0.2)),
    rect(18, -60, 8, 60, shade(color, -0.2)),
    rect(-30, -66, 60, 10, color, { rx: 3 }),
    rect(-30, -130, 14, 70, color, { rx: 4 }),
  );
}
