// Coffee bags and brewing gear for the "at home" products.
import type { BagSpec, ToolSpec } from './catalog';
import type { Art } from './drinks';
import { C } from './palette';
import { bean, steam } from './props';
import {
  d,
  el,
  ellipse,
  g,
  hlinear,
  path,
  poly,
  rect,
  circle,
  shade,
  stroke,
  text,
  clip,
} from './svg';

const GLASS = {
  fill: '#e3f1ef',
  'fill-opacity': 0.55,
  stroke: '#8fb3ae',
  'stroke-width': 3,
} as const;

function label(spec: BagSpec, cx: number, top: number): string {
  const size = Math.min(30, Math.floor(150 / (spec.word.length * 0.66)));
  return (
    rect(cx - 88, top, 176, 176, spec.label, { rx: 10 }) +
    text(cx, top + 26, 'LUMEN ROASTERY', 11, spec.ink, {
      'letter-spacing': 2.5,
      'font-weight': 600,
    }) +
    circle(cx, top + 58, 18, 'none', { stroke: spec.ink, 'stroke-width': 3 }) +
    bean(cx, top + 58, 0.8, -30, spec.ink) +
    text(cx, top + 116, spec.word, size, spec.ink, { 'font-weight': 800, 'letter-spacing': 1 }) +
    rect(cx - 50, top + 130, 100, 2, spec.ink, { opacity: 0.5 }) +
    text(cx, top + 154, spec.note, 13, spec.ink, { opacity: 0.85 })
  );
}

function zigzag(x0: number, x1: number, y: number, depth: number): string {
  let pd = `M${x0} ${y + depth}`;
  let up = true;
  for (let x = x0; x <= x1; x += 12) {
    pd += `L${x} ${up ? y : y + depth}`;
    up = !up;
  }
  return pd;
}

export function bagSide(id: number, spec: BagSpec): Art {
  const b = spec.bag;
  const dark = shade(b, -0.18);
  const defs = hlinear(`bg${id}`, [
    [0, shade(b, -0.12)],
    [0.2, b],
    [0.75, shade(b, 0.08)],
    [1, shade(b, -0.2)],
  ]);
  let body = '';
  let labelX = 300;
  if (spec.style === 'pouch') {
    body =
      path(`${zigzag(186, 414, 148, 8)}L414 205L186 205Z`, dark) +
      stroke(d`M192 172 L408 172 M192 182 L408 182`, shade(b, -0.3), 2) +
      path(
        d`M188 200 L412 200 C418 300 428 420 430 478 Q430 505 404 505 L196 505 Q170 505 170 478 C172 420 182 300 188 200Z`,
        `url(#bg${id})`,
      ) +
      circle(300, 238, 14, shade(b, -0.25)) +
      circle(300, 238, 6, shade(b, 0.2));
  } else if (spec.style === 'box') {
    labelX = 286;
    body =
      path(d`M186 196 L226 172 L428 172 L388 196Z`, shade(b, 0.12)) +
      path(d`M388 196 L428 172 L428 482 L388 505Z`, shade(b, -0.3)) +
      rect(186, 196, 202, 309, `url(#bg${id})`) +
      rect(186, 196, 202, 26, dark) +
      circle(286, 246, 12, shade(b, -0.25)) +
      circle(286, 246, 5, shade(b, 0.2));
  } else {
    body =
      path(
        d`M194 210 L406 210 L420 490 Q420 505 404 505 L196 505 Q180 505 180 490Z`,
        `url(#bg${id})`,
      ) +
      rect(180, 168, 240, 58, dark, { rx: 14 }) +
      stroke(d`M190 186 L410 186 M190 206 L410 206`, shade(b, -0.35), 2) +
      rect(166, 190, 268, 10, C.gold, { rx: 5 }) +
      rect(160, 184, 12, 22, shade(C.gold, -0.15), { rx: 3 }) +
      rect(428, 184, 12, 22, shade(C.gold, -0.15), { rx: 3 });
  }
  body += label(spec, labelX, 278);
  body +=
    bean(200, 520, 1.1, 20) +
    bean(236, 530, 1.1, -40) +
    bean(380, 526, 1.1, 70) +
    bean(414, 516, 1.1, -10) +
    bean(350, 534, 1.1, 30);
  return { defs, body, focus: [labelX, 360] };
}

function mug(): Art {
  const defs = hlinear('mg', [
    [0, '#ffffff'],
    [0.55, '#f4eee6'],
    [1, '#d9cfc2'],
  ]);
  const body =
    stroke(d`M392 300 C474 296 476 434 392 424`, '#e4dbcf', 28) +
    path(d`M186 250 L394 250 L394 458 Q394 492 360 492 L220 492 Q186 492 186 458Z`, 'url(#mg)') +
    ellipse(290, 250, 104, 24, '#fbf8f3') +
    ellipse(290, 253, 94, 18, C.roast) +
    ellipse(270, 250, 30, 5, C.white, { opacity: 0.25 }) +
    circle(290, 368, 40, C.terracotta) +
    circle(290, 368, 22, 'none', { stroke: C.cream, 'stroke-width': 5 }) +
    stroke(d`M290 332 L290 340 M290 396 L290 404 M254 368 L262 368 M318 368 L326 368`, C.cream, 5) +
    text(290, 440, 'LUMEN', 16, C.terracotta, { 'font-weight': 700, 'letter-spacing': 4 }) +
    stroke(d`M210 290 L210 440`, C.white, 10, { opacity: 0.8 }) +
    steam(290, 226, 0.8, C.white, 0.8);
  return { defs, body, focus: [290, 330] };
}

function tamper(spec: ToolSpec): Art {
  const defs =
    hlinear('tw', [
      [0, shade(spec.trim, 0.2)],
      [0.5, spec.trim],
      [1, shade(spec.trim, -0.35)],
    ]) +
    hlinear('ts', [
      [0, '#eef1f3'],
      [0.35, spec.metal],
      [0.7, '#9aa3a9'],
      [1, '#e3e7ea'],
    ]);
  const body = g(
    { transform: 'translate(0 54)' },
    path(
      d`M300 134 C352 134 364 196 332 236 C320 250 320 264 330 282 L270 282 C280 264 280 250 268 236 C236 196 248 134 300 134Z`,
      'url(#tw)',
    ),
    stroke(
      d`M284 160 C276 190 282 220 292 240 M312 156 C322 186 316 220 306 246`,
      shade(spec.trim, -0.3),
      3,
      { opacity: 0.6 },
    ),
    rect(280, 280, 40, 40, 'url(#ts)'),
    ellipse(300, 424, 112, 24, 'url(#ts)'),
    rect(188, 334, 224, 90, 'url(#ts)'),
    ellipse(300, 334, 112, 24, '#f2f4f5'),
    ellipse(300, 334, 40, 9, '#b6bec3'),
    rect(280, 300, 40, 34, 'url(#ts)'),
    text(300, 390, '58 MM', 22, C.steelDark, { 'font-weight': 700, 'letter-spacing': 5 }),
  );
  return { defs, body, focus: [300, 360] };
}

function press(spec: ToolSpec, large: boolean): Art {
  const cx = 290;
  const hw = large ? 92 : 84;
  const top = large ? 196 : 290;
  const bottom = 482;
  const liq = top + (large ? 46 : 34);
  const disc = liq + (bottom - liq) * 0.5;
  const frame = spec.metal;
  const defs = hlinear('pf', [
    [0, shade(frame, 0.3)],
    [0.5, frame],
    [1, shade(frame, -0.3)],
  ]);
  const body =
    poly(
      [
        [cx + hw + 2, top + 46],
        [cx + hw + 64, top + 54],
        [cx + hw + 64, bottom - 74],
        [cx + hw + 2, bottom - 64],
      ],
      'none',
      { stroke: spec.trim, 'stroke-width': 20, 'stroke-linejoin': 'round' },
    ) +
    rect(cx - hw, top, hw * 2, bottom - top, GLASS.fill, {
      rx: 12,
      'fill-opacity': GLASS['fill-opacity'],
    }) +
    rect(cx - hw + 6, liq, hw * 2 - 12, bottom - liq - 6, '#4a2c1c', { rx: 8 }) +
    rect(cx - hw + 6, disc, hw * 2 - 12, bottom - disc - 6, C.espresso, { rx: 8 }) +
    rect(cx - hw + 6, liq, hw * 2 - 12, 10, C.caramel) +
    el('line', { x1: cx, y1: top - 40, x2: cx, y2: disc, stroke: '#9aa3a9', 'stroke-width': 6 }) +
    rect(cx - hw + 6, disc - 4, hw * 2 - 12, 10, '#b6bec3', { rx: 3 }) +
    rect(cx - hw, top, hw * 2, bottom - top, 'none', {
      rx: 12,
      stroke: GLASS.stroke,
      'stroke-width': 3,
    }) +
    stroke(d`M${cx - hw + 18} ${top + 30} L${cx - hw + 18} ${bottom - 40}`, C.white, 8, {
      opacity: 0.6,
    }) +
    rect(cx - hw - 10, top + 12, 12, bottom - top - 10, 'url(#pf)', { rx: 4 }) +
    rect(cx + hw - 2, top + 12, 12, bottom - top - 10, 'url(#pf)', { rx: 4 }) +
    rect(cx - hw - 12, bottom - 26, hw * 2 + 24, 28, 'url(#pf)', { rx: 8 }) +
    rect(cx - hw - 12, top + 8, hw * 2 + 24, 18, 'url(#pf)', { rx: 6 }) +
    rect(cx - hw, bottom, 22, 10, shade(frame, -0.3), { rx: 3 }) +
    rect(cx + hw - 22, bottom, 22, 10, shade(frame, -0.3), { rx: 3 }) +
    path(
      d`M${cx - hw - 12} ${top + 10} L${cx - hw - 34} ${top} L${cx - hw - 12} ${top + 28}Z`,
      frame,
    ) +
    path(
      d`M${cx - hw + 2} ${top + 10} C${cx - hw + 10} ${top - 30} ${cx + hw - 10} ${top - 30} ${cx + hw - 2} ${top + 10}Z`,
      'url(#pf)',
    ) +
    circle(cx, top - 44, 15, spec.trim);
  return { defs, body, focus: [cx, large ? 300 : 360] };
}

function teapot(spec: ToolSpec): Art {
  const cx = 300;
  const cy = 372;
  const r = 128;
  const defs =
    clip('tc', circle(cx, cy, r - 5, '#000')) +
    hlinear('tt', [
      [0, '#f0a54a'],
      [1, '#b4561e'],
    ]);
  let leaves = '';
  for (let i = 0; i < 9; i++)
    leaves += ellipse(
      270 + (i % 3) * 30,
      380 + Math.floor(i / 3) * 14,
      9,
      4,
      i % 2 ? '#6b5a2a' : '#4f5f2a',
      { transform: `rotate(${i * 37} ${270 + (i % 3) * 30} ${380 + Math.floor(i / 3) * 14})` },
    );
  const body =
    stroke(d`M416 304 C500 296 500 446 408 446`, '#8fb3ae', 16, { opacity: 0.7 }) +
    stroke(d`M416 304 C500 296 500 446 408 446`, C.white, 8, { opacity: 0.8 }) +
    path(d`M188 404 C150 394 132 334 104 288 L122 278 C146 318 166 358 198 362Z`, GLASS.fill, {
      ...GLASS,
    }) +
    ellipse(cx, 498, 82, 10, '#8fb3ae', { opacity: 0.5 }) +
    circle(cx, cy, r, GLASS.fill, { ...GLASS }) +
    g(
      { 'clip-path': 'url(#tc)' },
      rect(cx - r, 330, r * 2, 180, 'url(#tt)', { opacity: 0.85 }),
      ellipse(cx, 330, r, 10, '#f6c070', { opacity: 0.8 }),
    ) +
    rect(262, 236, 76, 190, C.white, {
      rx: 12,
      'fill-opacity': 0.3,
      stroke: '#8fb3ae',
      'stroke-width': 3,
    }) +
    stroke(d`M280 250 L280 416 M300 250 L300 416 M320 250 L320 416`, '#8fb3ae', 2, {
      'stroke-dasharray': '3 6',
    }) +
    leaves +
    rect(248, 224, 104, 26, GLASS.fill, { ...GLASS, rx: 6 }) +
    ellipse(cx, 222, 64, 12, spec.trim) +
    ellipse(cx, 204, 16, 14, shade(spec.trim, -0.2)) +
    stroke(d`M212 320 C222 290 246 270 276 260`, C.white, 9, { opacity: 0.7 });
  return { defs, body, focus: [cx, 330] };
}

function moka(spec: ToolSpec): Art {
  const cx = 290;
  const faces = (yTop: number, yBot: number, hwTop: number, hwBot: number): string => {
    const xs = [-1, -0.42, 0.42, 1];
    const cols = ['#8e979d', '#e6eaec', '#b3bbc0'];
    let out = '';
    for (let i = 0; i < 3; i++) {
      const a = xs[i] ?? 0;
      const b = xs[i + 1] ?? 0;
      out += poly(
        [
          [cx + a * hwTop, yTop],
          [cx + b * hwTop, yTop],
          [cx + b * hwBot, yBot],
          [cx + a * hwBot, yBot],
        ],
        cols[i] ?? spec.metal,
      );
    }
    return out;
  };
  const body =
    poly(
      [
        [cx + 78, 200],
        [cx + 146, 206],
        [cx + 132, 326],
        [cx + 100, 320],
        [cx + 110, 232],
        [cx + 74, 230],
      ],
      spec.trim,
    ) +
    faces(340, 502, 66, 96) +
    rect(cx - 70, 322, 140, 20, '#7f888e', { rx: 4 }) +
    faces(192, 322, 88, 58) +
    poly(
      [
        [cx - 88, 192],
        [cx - 116, 176],
        [cx - 80, 226],
      ],
      '#b3bbc0',
    ) +
    poly(
      [
        [cx - 88, 192],
        [cx + 88, 192],
        [cx + 70, 172],
        [cx - 70, 172],
      ],
      '#d4d9dc',
    ) +
    rect(cx - 16, 148, 32, 26, spec.trim, { rx: 9 }) +
    circle(cx + 40, 430, 9, '#7f888e') +
    stroke(d`M${cx - 20} 210 L${cx - 16} 306 M${cx - 26} 360 L${cx - 34} 486`, C.white, 6, {
      opacity: 0.7,
    });
  return { defs: '', body, focus: [cx, 300] };
}

export function toolSide(spec: ToolSpec): Art {
  switch (spec.kind) {
    case 'mug':
      return mug();
    case 'tamper':
      return tamper(spec);
    case 'pressLarge':
      return press(spec, true);
    case 'pressSmall':
      return press(spec, false);
    case 'teapot':
      return teapot(spec);
    case 'moka':
      return moka(spec);
  }
}
