// Plates of food for the food & snack products: one hand-built dish per product.
import type { Dish, FoodSpec } from './catalog';
import type { Art } from './drinks';
import { C } from './palette';
import {
  between,
  circle,
  clip,
  d,
  el,
  ellipse,
  g,
  linear,
  path,
  rect,
  rng,
  shade,
  stroke,
} from './svg';

const CX = 300;

function plate(spec: FoodSpec): string {
  return (
    ellipse(CX, 458, 228, 54, shade(spec.rim, -0.25)) +
    ellipse(CX, 450, 228, 54, spec.rim) +
    ellipse(CX, 448, 214, 48, spec.plate) +
    ellipse(CX, 453, 150, 32, shade(spec.plate, -0.05))
  );
}

function bowl(spec: FoodSpec): string {
  return (
    path(d`M86 400 C96 520 504 520 514 400Z`, spec.rim) +
    stroke(d`M140 450 C200 490 400 490 460 450`, C.white, 6, { opacity: 0.25 }) +
    ellipse(CX, 400, 214, 44, shade(spec.plate, -0.04)) +
    ellipse(CX, 404, 192, 36, shade(spec.plate, -0.14))
  );
}

function dots(
  seed: number,
  n: number,
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  r0: number,
  r1: number,
  opacity = 1,
): string {
  const r = rng(seed);
  let out = '';
  for (let i = 0; i < n; i++)
    out += el('circle', {
      cx: between(r, x, x + w),
      cy: between(r, y, y + h),
      r: between(r, r0, r1),
    });
  return g({ fill: color, opacity: opacity === 1 ? undefined : opacity }, out);
}

function shrimp(x: number, y: number, rot: number, s = 1): string {
  const body = d`M0 -34 C46 -34 50 22 8 32`;
  return g(
    { transform: `translate(${x} ${y}) rotate(${rot}) scale(${s})` },
    path(d`M8 32 L-16 48 L-8 32 L-20 18Z`, '#d9572f'),
    stroke(body, '#ee845a', 28),
    stroke(body, '#f8b392', 28, { 'stroke-dasharray': '4 13', 'stroke-linecap': 'butt' }),
    circle(0, -34, 14, '#e06c44'),
  );
}

function seafood(): string {
  const r = rng(1313);
  let grains = '';
  for (let i = 0; i < 26; i++) {
    const x = between(r, 190, 300);
    const y = between(r, 400, 450);
    grains += ellipse(x, y, 5, 2.5, '#e9dfc8', {
      transform: `rotate(${Math.round(between(r, 0, 180))} ${Math.round(x)} ${Math.round(y)})`,
    });
  }
  return (
    path(d`M160 460 C160 360 320 356 330 460Z`, '#fbf7ee') +
    grains +
    ellipse(350, 455, 46, 16, C.leaf) +
    ellipse(392, 446, 34, 13, C.leafDark) +
    shrimp(340, 410, -10) +
    shrimp(395, 425, 20, 0.95) +
    shrimp(290, 430, -40, 0.9) +
    path(d`M400 470 A44 44 0 0 1 488 470Z`, '#e8c62a') +
    path(d`M410 468 A34 34 0 0 1 478 468Z`, '#f6e27a') +
    dots(1314, 8, 200, 440, 220, 24, C.tomato, 2, 4)
  );
}

function slice(x: number, y: number, rot: number, crust: string, crumb: string, s = 1): string {
  const outer = d`M-76 0 L-76 -100 C-92 -142 -56 -162 -34 -146 C-20 -166 20 -166 34 -146 C56 -162 92 -142 76 -100 L76 0Z`;
  return g(
    { transform: `translate(${x} ${y}) rotate(${rot}) scale(${s})` },
    path(outer, crust),
    g({ transform: 'translate(0 -8) scale(.86)' }, path(outer, crumb)),
  );
}

function frenchToast(): string {
  return (
    slice(255, 455, -10, '#9c5a2a', '#e6a957') +
    slice(350, 462, 9, '#a8622f', '#eeb866') +
    dots(1414, 70, 200, 300, 210, 150, C.white, 1.5, 3.5, 0.9) +
    circle(205, 462, 12, C.berry) +
    circle(226, 470, 10, '#3b4a8c') +
    circle(430, 466, 12, C.berry) +
    circle(410, 474, 10, '#3b4a8c') +
    path(
      d`M300 330 C310 360 296 380 306 420 C308 430 318 430 316 420 C312 380 324 360 312 330Z`,
      '#c9781f',
      { opacity: 0.8 },
    )
  );
}

function croissant(): string {
  const segs: Array<[number, number, number, number, number]> = [
    [178, 448, 42, 26, 38],
    [422, 448, 42, 26, -38],
    [232, 412, 54, 42, 22],
    [368, 412, 54, 42, -22],
    [300, 396, 64, 54, 0],
  ];
  let out = '';
  for (const [x, y, rx, ry, rot] of segs) {
    out += ellipse(x, y, rx, ry, 'url(#cr)', {
      transform: `rotate(${rot} ${x} ${y})`,
      stroke: '#9c5424',
      'stroke-width': 3,
    });
    out += ellipse(x - rx * 0.2, y - ry * 0.35, rx * 0.45, ry * 0.22, C.white, {
      opacity: 0.25,
      transform: `rotate(${rot} ${x} ${y})`,
    });
  }
  return (
    out +
    stroke(
      d`M190 420 L230 380 L250 432 L290 360 L318 430 L350 368 L376 430 L410 396`,
      C.chocolate,
      7,
      { 'stroke-linejoin': 'round' },
    ) +
    rect(150, 452, 30, 14, C.chocolate, { rx: 4, transform: 'rotate(30 165 459)' }) +
    rect(420, 452, 30, 14, C.chocolate, { rx: 4, transform: 'rotate(-30 435 459)' })
  );
}

function wedge(x: number, y: number, rot: number, len: number): string {
  return g(
    { transform: `translate(${x} ${y}) rotate(${rot})` },
    path(
      d`M-16 0 C-20 ${-len * 0.5} -10 ${-len * 0.85} 6 ${-len} C20 ${-len * 0.8} 24 ${-len * 0.4} 16 0Z`,
      '#f3c160',
    ),
    stroke(d`M6 ${-len} C20 ${-len * 0.8} 24 ${-len * 0.4} 16 0`, '#a8652c', 7),
    stroke(d`M-6 -10 C-8 ${-len * 0.45} -2 ${-len * 0.7} 4 ${-len * 0.85}`, C.white, 4, {
      opacity: 0.35,
    }),
  );
}

function wedges(): string {
  const spots: Array<[number, number, number, number]> = [
    [230, 420, -32, 130],
    [262, 414, -14, 160],
    [292, 412, 4, 150],
    [322, 414, 18, 165],
    [352, 420, 32, 130],
    [246, 420, -24, 110],
    [336, 420, 26, 120],
  ];
  let weave = '';
  for (let x = 212; x <= 388; x += 22) weave += `M${x} 410L${x + (x - 300) * 0.12} 468`;
  return (
    ellipse(300, 410, 100, 20, '#7a3b1e') +
    spots.map(([x, y, r, l]) => wedge(x, y, r, l)).join('') +
    path(d`M196 406 L404 406 L384 470 C340 482 260 482 216 470Z`, C.terracotta) +
    path(weave, 'none', { stroke: shade(C.terracotta, -0.2), 'stroke-width': 3 }) +
    path(d`M196 406 L404 406 L400 420 L200 420Z`, shade(C.terracotta, 0.25)) +
    rect(200, 414, 200, 6, C.white, { opacity: 0.35 }) +
    path(d`M410 426 L476 426 L468 474 C448 482 438 482 418 474Z`, C.paper) +
    ellipse(443, 426, 33, 10, C.tomato) +
    ellipse(436, 424, 13, 4, C.white, { opacity: 0.3 }) +
    dots(1616, 12, 220, 290, 160, 100, C.leaf, 2, 3.5)
  );
}

function box(x: number, y: number, w: number, h: number, dep: number, seed: number): string {
  const top = y - h;
  return (
    rect(x, top, w, h, '#4a2a1c') +
    path(
      d`M${x} ${top} L${x + dep} ${top - dep * 0.6} L${x + w + dep} ${top - dep * 0.6} L${x + w} ${top}Z`,
      '#6a3d28',
    ) +
    path(
      d`M${x + w} ${top} L${x + w + dep} ${top - dep * 0.6} L${x + w + dep} ${y - dep * 0.6} L${x + w} ${y}Z`,
      '#351e14',
    ) +
    stroke(
      d`M${x + 14} ${top - 6} L${x + w * 0.4} ${top - dep * 0.4} L${x + w * 0.7} ${top - 8}`,
      '#8a5a3e',
      3,
    ) +
    dots(seed, 5, x + 10, top - dep * 0.55, w - 10, dep * 0.45, '#c7925a', 3, 6) +
    dots(seed + 1, 10, x, top + 8, w, h - 16, '#2e1a11', 1.5, 3)
  );
}

function brownies(): string {
  return (
    box(170, 465, 120, 60, 40, 1701) +
    box(300, 470, 120, 60, 40, 1702) +
    box(230, 405, 120, 60, 40, 1703) +
    dots(1704, 36, 220, 290, 190, 60, C.white, 1.2, 2.6, 0.85)
  );
}

function bananaCake(): string {
  const crumb = '#e7c07f';
  let bananas = '';
  for (const [x, y] of [
    [215, 338],
    [262, 326],
    [310, 322],
    [356, 330],
  ] as const) {
    bananas += ellipse(x, y, 24, 11, '#f4e3a2') + ellipse(x, y - 1, 8, 4, '#d8bd6a');
  }
  return (
    path(d`M170 460 L176 360 C182 318 392 318 398 360 L404 460Z`, '#9a5a2c') +
    path(d`M190 370 C230 352 300 350 380 368`, 'none', {
      stroke: '#c48447',
      'stroke-width': 6,
      'stroke-linecap': 'round',
    }) +
    bananas +
    g(
      { transform: 'translate(420 470) rotate(10)' },
      path(d`M-60 0 L-60 -120 C-60 -150 60 -150 60 -120 L60 0Z`, '#9a5a2c'),
      path(d`M-50 -6 L-50 -116 C-50 -138 50 -138 50 -116 L50 -6Z`, crumb),
      dots(1801, 16, -44, -120, 88, 110, '#6b3a1c', 2, 4),
    ) +
    dots(1802, 10, 190, 380, 200, 70, '#6b3a1c', 2, 3.5, 0.6)
  );
}

function half(
  x: number,
  y: number,
  rot: number,
  s: number,
  crumb: string,
  crust: string,
  bands: ReadonlyArray<readonly [number, number, string]>,
): string {
  const w = 90;
  const h = 170;
  const hw = (yy: number): number => w * (1 - -yy / h);
  let fill = '';
  for (const [yy, th, col] of bands) {
    const a = hw(yy);
    const b = hw(yy - th);
    fill += path(
      d`M${-a + 6} ${yy} L${a - 6} ${yy} L${b - 6} ${yy - th} L${-b + 6} ${yy - th}Z`,
      col,
    );
  }
  return g(
    { transform: `translate(${x} ${y}) rotate(${rot}) scale(${s})` },
    path(d`M${-w} 0 L${w} 0 L0 ${-h}Z`, crumb, {
      stroke: crust,
      'stroke-width': 12,
      'stroke-linejoin': 'round',
    }),
    fill,
  );
}

function pickle(x: number, y: number, rot: number): string {
  return g(
    { transform: `translate(${x} ${y}) rotate(${rot})` },
    ellipse(0, 0, 62, 15, '#6f8f33'),
    ellipse(0, -2, 50, 7, '#a9c25e'),
    circle(-24, -2, 2.5, '#e8efc4') +
      circle(0, -2, 2.5, '#e8efc4') +
      circle(24, -2, 2.5, '#e8efc4'),
  );
}

function sandwichPickles(): string {
  const bands = [
    [-46, 12, '#7bb04a'],
    [-62, 14, C.tomato],
    [-78, 10, '#f3cf55'],
    [-92, 12, '#e79b9b'],
  ] as const;
  return (
    half(240, 460, -7, 1, '#f8ebcc', '#c98a4b', bands) +
    half(345, 462, 9, 0.86, '#f8ebcc', '#c98a4b', bands) +
    stroke(d`M236 300 L238 250`, '#d9b98a', 4) +
    circle(238, 248, 11, C.olive) +
    pickle(430, 466, -8) +
    pickle(440, 448, 6) +
    pickle(170, 470, 12)
  );
}

function spaghetti(): string {
  const r = rng(2020);
  const strands = ['', ''];
  for (let i = 0; i < 20; i++) {
    const y = between(r, 360, 420);
    const x = between(r, 150, 330);
    strands[i % 2] += d`M${x} ${y} c20 -16 40 16 60 0 s40 16 60 0 s30 14 50 0`;
  }
  const leaf = (x: number, y: number, rot: number): string =>
    path(d`M0 0 C-14 -10 -10 -34 0 -42 C10 -34 14 -10 0 0Z`, C.leaf, {
      transform: `translate(${x} ${y}) rotate(${rot})`,
    });
  return (
    ellipse(CX, 392, 176, 44, '#f2cf6e') +
    g(
      { 'clip-path': 'url(#sp)' },
      stroke(strands[0] ?? '', '#f5d77c', 5),
      stroke(strands[1] ?? '', '#e9bd55', 5),
    ) +
    path(
      d`M230 360 C220 320 280 300 310 312 C350 296 390 330 372 360 C360 384 250 390 230 360Z`,
      '#b8331f',
    ) +
    dots(2021, 14, 245, 320, 120, 50, '#7a1f12', 3, 6) +
    leaf(300, 322, -30) +
    leaf(306, 322, 28) +
    dots(2022, 12, 240, 320, 130, 40, '#fbf3dc', 2, 3.5)
  );
}

function veganSandwich(): string {
  let avo = '';
  for (let i = 0; i < 5; i++) {
    const x = 192 + i * 52;
    avo += path(d`M${x} 388 C${x + 8} 360 ${x + 44} 360 ${x + 52} 388Z`, '#a6c25a', {
      stroke: '#4f7a2c',
      'stroke-width': 4,
    });
  }
  return (
    rect(168, 420, 264, 42, '#cf9457', { rx: 18 }) +
    rect(176, 420, 248, 12, '#f0d3a2', { rx: 6 }) +
    path(
      d`M160 420 C180 400 200 432 222 410 C244 432 266 402 290 420 C312 402 334 432 356 410 C380 432 402 402 440 420 L440 426 L160 426Z`,
      '#79b14a',
    ) +
    rect(174, 390, 252, 22, C.tomato, { rx: 10 }) +
    avo +
    stroke(d`M210 372 l-8 -26 M230 370 l4 -30 M372 370 l-6 -28 M394 372 l8 -26`, '#e8efc4', 3) +
    circle(202, 346, 4, '#c9d98a') +
    circle(234, 340, 4, '#c9d98a') +
    circle(366, 342, 4, '#c9d98a') +
    circle(402, 346, 4, '#c9d98a') +
    path(d`M164 372 C164 290 436 290 436 372Z`, '#c8864a') +
    path(d`M182 360 C190 310 410 310 418 360`, 'none', {
      stroke: '#e2a767',
      'stroke-width': 8,
      'stroke-linecap': 'round',
    }) +
    dots(2121, 16, 200, 310, 200, 40, '#f6ecd6', 2.5, 3.5)
  );
}

function benedictBurger(): string {
  return (
    path(d`M180 428 L420 428 C420 460 400 468 300 468 C200 468 180 460 180 428Z`, '#d89a52') +
    rect(176, 414, 248, 18, '#e48f8f', { rx: 9 }) +
    path(
      d`M172 412 C190 396 210 420 232 404 C254 420 276 396 300 410 C324 396 346 420 368 404 C390 420 410 398 428 412Z`,
      '#4f8a3a',
    ) +
    path(d`M196 404 C190 360 250 340 300 346 C360 340 416 366 404 404Z`, C.white) +
    circle(300, 372, 34, '#f2a71b') +
    circle(290, 362, 10, C.white, { opacity: 0.5 }) +
    path(
      d`M200 392 C240 370 360 370 402 392 L400 404 C396 430 388 432 386 410 C380 400 360 398 352 404 C348 440 336 440 334 404 L260 404 C254 430 244 430 240 404 L204 404Z`,
      '#f4cd52',
    ) +
    path(d`M186 358 C186 262 414 262 414 358 C414 368 186 368 186 358Z`, '#c57d39') +
    stroke(d`M214 330 C240 298 300 288 330 290`, '#e3a563', 8) +
    dots(2221, 12, 220, 290, 170, 50, '#fbf1dc', 2.5, 3.5) +
    dots(2222, 10, 200, 380, 200, 20, '#2f6b2a', 1.5, 2.5)
  );
}

function cornCheese(): string {
  const toast = (x: number, y: number, w: number, rot: number, seed: number): string =>
    g(
      { transform: `translate(${x} ${y}) rotate(${rot})` },
      rect(-w / 2, -96, w, 34, '#d8943e', { rx: 12 }),
      stroke(
        d`M${-w / 2 + 20} -90 l26 22 M${-w / 2 + 70} -90 l26 22 M${-w / 2 + 120} -90 l26 22 M${-w / 2 + 170} -90 l26 22`,
        '#8d5420',
        5,
      ),
      rect(-w / 2 + 4, -66, w - 8, 30, '#f5c842'),
      dots(seed, 12, -w / 2 + 12, -62, w - 24, 22, '#f8e07a', 3.5, 5),
      path(
        d`M${-w / 2 + 30} -38 C${-w / 2 + 30} -10 ${-w / 2 + 46} -10 ${-w / 2 + 46} -38Z M${w / 2 - 60} -38 C${w / 2 - 60} -2 ${w / 2 - 42} -2 ${w / 2 - 42} -38Z`,
        '#f5c842',
      ),
      rect(-w / 2, -38, w, 34, '#c9843a', { rx: 12 }),
    );
  return (
    toast(300, 472, 250, 0, 2301) +
    toast(282, 392, 220, -6, 2302) +
    stroke(d`M220 330 C226 350 222 366 230 376 M360 322 C366 344 360 360 368 372`, '#f5c842', 4)
  );
}

function strawberry(x: number, y: number, rot: number): string {
  return g(
    { transform: `translate(${x} ${y}) rotate(${rot})` },
    path(d`M-22 -8 C-24 14 -8 34 0 38 C8 34 24 14 22 -8 C12 -16 -12 -16 -22 -8Z`, C.tomato),
    el('path', {
      d: 'M-10 2h.1M8 0h.1M-2 14h.1M10 16h.1M-12 18h.1M0 28h.1',
      stroke: '#fbe3a0',
      'stroke-width': 4,
      'stroke-linecap': 'round',
    }),
    path(d`M-16 -12 L-4 -8 L0 -20 L4 -8 L16 -12 L8 -2 L-8 -2Z`, C.leaf),
  );
}

function waffle(): string {
  let grid = '';
  for (let x = 150; x <= 450; x += 34) grid += `M${x} 340L${x} 480`;
  for (let y = 360; y <= 470; y += 15) grid += `M120 ${y}L480 ${y}`;
  return (
    ellipse(CX, 432, 170, 56, '#b8742f') +
    rect(130, 410, 340, 22, '#b8742f') +
    ellipse(CX, 410, 170, 56, '#e2a34e') +
    g({ 'clip-path': 'url(#wf)' }, path(grid, 'none', { stroke: '#c0802f', 'stroke-width': 8 })) +
    path(d`M270 392 L320 380 L350 398 L300 412Z`, '#fff2b8') +
    path(d`M270 392 L300 412 L300 422 L270 402Z`, '#f1d98a') +
    path(d`M300 412 L350 398 L350 408 L300 422Z`, '#e8cd78') +
    path(
      d`M240 400 C260 370 380 372 392 404 C398 420 380 420 384 444 C386 460 372 460 372 444 C370 428 330 430 300 432 C270 434 226 426 240 400Z`,
      '#b5611a',
      { opacity: 0.7 },
    ) +
    circle(210, 470, 12, '#3b4a8c') +
    circle(232, 478, 11, '#3b4a8c') +
    circle(400, 470, 12, '#3b4a8c') +
    strawberry(376, 350, -20) +
    strawberry(456, 462, 15)
  );
}

const DISHES: Record<Dish, () => string> = {
  seafood,
  frenchToast,
  croissant,
  wedges,
  brownies,
  bananaCake,
  sandwichPickles,
  spaghetti,
  veganSandwich,
  benedictBurger,
  cornCheese,
  waffle,
};

export function foodSide(id: number, spec: FoodSpec): Art {
  let defs = '';
  if (spec.dish === 'croissant')
    defs = linear('cr', [
      [0, '#ecae5a'],
      [1, '#c0702f'],
    ]);
  if (spec.dish === 'spaghetti') defs = clip('sp', ellipse(CX, 392, 176, 44, '#000'));
  if (spec.dish === 'waffle') defs = clip('wf', ellipse(CX, 410, 164, 51, '#000'));
  const base = spec.dish === 'spaghetti' ? bowl(spec) : plate(spec);
  return { defs, body: base + DISHES[spec.dish](), focus: [CX, 400] };
}
