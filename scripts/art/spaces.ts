// Interiors of the bookable spaces. Mixed aspect ratios on purpose: the spaces page is a justified gallery.
import { C } from './palette';
import { espressoMachine } from './gear';
import { chair, pendantLamp, person, plant, smallCup, windowFrame } from './props';
import {
  between,
  circle,
  d,
  el,
  ellipse,
  g,
  linear,
  path,
  pick,
  rect,
  rng,
  shade,
  stroke,
  svgDoc,
} from './svg';
import type { Scene } from './scenes';

function floor(w: number, h: number, y: number, color: string): string {
  let lines = '';
  for (let x = 0; x < w; x += 120) lines += `M${x} ${y}V${h}`;
  return (
    rect(0, y, w, h - y, color) +
    path(lines, 'none', { stroke: shade(color, -0.15), 'stroke-width': 3 }) +
    rect(0, y, w, 12, shade(color, -0.25))
  );
}

function roundTable(x: number, y: number, s: number, top: string = C.paper): string {
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    rect(-6, -120, 12, 110, C.ink),
    ellipse(0, -6, 50, 10, C.ink),
    ellipse(0, -124, 90, 18, shade(top, -0.15)),
    ellipse(0, -128, 90, 18, top),
  );
}

function sofa(x: number, y: number, w: number, s: number, color: string): string {
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    rect(-w / 2, -170, w, 110, shade(color, -0.12), { rx: 26 }),
    rect(-w / 2 - 30, -110, 60, 110, color, { rx: 20 }),
    rect(w / 2 - 30, -110, 60, 110, color, { rx: 20 }),
    rect(-w / 2 + 20, -80, w - 40, 60, color, { rx: 14 }),
    rect(-w / 2 + 20, -20, 14, 20, C.ink),
    rect(w / 2 - 34, -20, 14, 20, C.ink),
  );
}

function frame(
  x: number,
  y: number,
  w: number,
  h: number,
  art: string,
  border: string = C.roast,
): string {
  return (
    rect(x - 10, y - 10, w + 20, h + 20, border) +
    rect(x, y, w, h, C.paper) +
    g({ transform: `translate(${x} ${y})` }, art)
  );
}

function stool(x: number, y: number, s: number, seat: string): string {
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    stroke(d`M-24 0 L-14 -150 M24 0 L14 -150 M-20 -50 L20 -50`, C.ink, 6),
    ellipse(0, -154, 34, 12, seat),
  );
}

function skyline(seed: number, x0: number, w: number, base: number, color: string): string {
  const r = rng(seed);
  let out = '';
  let x = x0;
  while (x < x0 + w) {
    const bw = between(r, 50, 120);
    const bh = between(r, 60, 220);
    out += `M${Math.round(x)} ${base}V${Math.round(base - bh)}H${Math.round(x + Math.min(bw, x0 + w - x))}V${base}Z`;
    x += bw + between(r, 4, 16);
  }
  return path(out, color);
}

function shelf(x: number, y: number, w: number, seed: number): string {
  const r = rng(seed);
  const cols = [C.teal, C.terracotta, C.gold, C.roast, C.sage, C.cream];
  let books = '';
  let bx = x + 10;
  while (bx < x + w - 40) {
    const bw = between(r, 16, 30);
    const bh = between(r, 60, 90);
    books += rect(bx, y - bh, bw, bh, cols[Math.floor(r() * cols.length)] ?? C.teal);
    bx += bw + 3;
    if (r() < 0.15) bx += 40;
  }
  return books + rect(x, y, w, 12, C.wood);
}

function whiteWall(): string {
  const W = 1200;
  const H = 900;
  return svgDoc(
    W,
    H,
    'White wall workspace',
    '',
    rect(0, 0, W, H, '#fbfaf6') +
      frame(
        140,
        170,
        220,
        280,
        path(d`M0 200 C60 140 120 220 220 150 L220 280 L0 280Z`, C.sage) +
          circle(150, 80, 40, C.terracotta),
      ) +
      frame(470, 220, 260, 180, rect(30, 30, 90, 120, C.teal) + rect(140, 60, 90, 90, C.gold)) +
      frame(
        840,
        150,
        200,
        260,
        circle(100, 130, 70, C.terracottaLight) + circle(100, 130, 36, C.roast),
      ) +
      pendantLamp(300, 0, 60, 1.1, C.ink) +
      pendantLamp(900, 0, 40, 1.1, C.ink) +
      floor(W, H, 700, '#d8b48a') +
      rect(100, 560, 1000, 36, C.wood, { rx: 8 }) +
      rect(120, 596, 20, 110, C.woodDark) +
      rect(1060, 596, 20, 110, C.woodDark) +
      rect(140, 500, 200, 60, C.tealLight, { rx: 20 }) +
      rect(760, 500, 220, 60, C.terracottaLight, { rx: 20 }) +
      roundTable(480, 800, 1) +
      smallCup(480, 672, 0.6, C.teal) +
      chair(620, 800, 1.1, C.terracotta) +
      plant(1110, 760, 1.8, C.teal) +
      plant(60, 780, 1.4),
  );
}

function longWindow(): string {
  const W = 1600;
  const H = 900;
  let stools = '';
  for (let i = 0; i < 7; i++)
    stools += stool(220 + i * 200, 860, 1.15, i % 2 ? C.terracotta : C.teal);
  return svgDoc(
    W,
    H,
    'Long window workspace',
    linear('lw', [
      [0, '#bfe0da'],
      [1, '#f5ead8'],
    ]),
    rect(0, 0, W, H, C.wall) +
      rect(70, 110, 1460, 420, C.roast) +
      rect(90, 130, 1420, 380, 'url(#lw)') +
      skyline(7, 90, 1420, 510, shade(C.tealLight, -0.1)) +
      path(
        d`M90 470 C300 420 600 500 900 450 C1200 410 1400 470 1510 440 L1510 510 L90 510Z`,
        C.sage,
      ) +
      rect(90, 130, 1420, 380, 'none', { stroke: C.roast, 'stroke-width': 20 }) +
      stroke(d`M450 130 L450 510 M800 130 L800 510 M1150 130 L1150 510`, C.roast, 14) +
      rect(60, 580, 1480, 30, C.wood) +
      rect(80, 610, 1440, 16, C.woodDark) +
      smallCup(300, 582, 0.7, C.paper) +
      rect(540, 540, 110, 42, C.steelDark, { rx: 4 }) +
      rect(530, 578, 130, 6, C.ink) +
      smallCup(900, 582, 0.7, C.teal) +
      plant(1250, 584, 0.9, C.terracotta) +
      floor(W, H, 760, '#c9a57e') +
      stools,
  );
}

function gengsSpace(): string {
  const W = 900;
  const H = 1200;
  return svgDoc(
    W,
    H,
    'Gengs space for groups',
    '',
    rect(0, 0, W, H, C.tealDark) +
      shelf(80, 360, 320, 31) +
      shelf(500, 300, 320, 32) +
      shelf(80, 560, 320, 33) +
      plant(660, 560, 1.4, C.terracotta) +
      pendantLamp(300, 0, 520, 1.4, C.gold) +
      pendantLamp(600, 0, 520, 1.4, C.gold) +
      floor(W, H, 860, '#c9a57e') +
      person(220, 850, 1.6, C.terracotta, '#e8b894', C.roast) +
      person(450, 850, 1.6, C.gold, '#a8724c', C.ink) +
      person(680, 850, 1.6, C.tealLight, '#f0c8a4', C.coffee) +
      rect(60, 820, 780, 40, C.wood, { rx: 8 }) +
      rect(100, 860, 26, 260, C.woodDark) +
      rect(774, 860, 26, 260, C.woodDark) +
      smallCup(260, 822, 0.7, C.paper) +
      smallCup(500, 822, 0.7, C.terracotta) +
      smallCup(700, 822, 0.7, C.paper) +
      chair(80, 1160, 1.6, C.terracotta) +
      chair(820, 1160, 1.6, C.terracotta),
  );
}

function seminarArea(): string {
  const W = 1200;
  const H = 800;
  const hairs = [C.roast, C.ink, C.gold, C.coffee, C.espresso];
  const shirts = [C.teal, C.sage, C.cream, C.tealLight, C.caramel];
  let rows = '';
  for (let row = 0; row < 2; row++) {
    const s = row ? 1.25 : 0.95;
    const y = row ? 800 : 650;
    for (let i = 0; i < 6; i++) {
      const x = row ? 110 + i * 200 : 170 + i * 180;
      const k = i + row * 2;
      rows += g(
        { transform: `translate(${x} ${y}) scale(${s})` },
        path(d`M-46 -40 C-46 -100 46 -100 46 -40Z`, pick(shirts, k)),
        circle(0, -118, 26, pick(hairs, k)),
        rect(-60, -60, 120, 70, C.terracotta, { rx: 14 }),
      );
    }
  }
  return svgDoc(
    W,
    H,
    'Seminar area',
    '',
    rect(0, 0, W, H, '#eadfcf') +
      rect(260, 50, 680, 360, C.paper, { stroke: C.ink, 'stroke-width': 8 }) +
      smallCup(440, 320, 1.6, C.teal, C.coffee) +
      stroke(
        d`M620 150 L860 150 M620 200 L820 200 M620 250 L840 250 M620 300 L780 300`,
        C.teal,
        12,
      ) +
      rect(980, 300, 120, 190, C.wood) +
      rect(960, 290, 160, 20, C.woodDark) +
      floor(W, H, 480, '#bf9b72') +
      rows,
  );
}

function centerArea(): string {
  const W = 1000;
  const H = 1000;
  return svgDoc(
    W,
    H,
    'Center area',
    linear('ca', [
      [0, '#d9ecf0'],
      [1, '#fbf1e3'],
    ]),
    rect(0, 0, W, H, C.wall) +
      rect(300, 0, 400, 180, 'url(#ca)') +
      stroke(d`M300 180 L700 180 M433 0 L433 180 M566 0 L566 180`, C.roast, 10) +
      path(d`M300 180 L180 560 L820 560 L700 180Z`, C.butter, { opacity: 0.25 }) +
      floor(W, H, 620, '#d2ae86') +
      rect(250, 640, 500, 170, C.teal, { rx: 10 }) +
      rect(230, 620, 540, 30, C.wood, { rx: 8 }) +
      espressoMachine(430, 620, 0.55, C.steel, C.terracotta) +
      smallCup(620, 622, 0.7, C.paper) +
      plant(700, 622, 0.7, C.terracotta) +
      roundTable(120, 900, 1.1) +
      roundTable(880, 900, 1.1) +
      smallCup(120, 760, 0.6, C.terracotta) +
      smallCup(880, 760, 0.6, C.teal) +
      chair(40, 940, 1.2, C.terracotta) +
      chair(960, 940, 1.2, C.terracotta) +
      pendantLamp(150, 0, 300, 1.2, C.teal) +
      pendantLamp(850, 0, 300, 1.2, C.teal),
  );
}

function aquarium(): string {
  const W = 900;
  const H = 1200;
  const r = rng(66);
  let fish = '';
  for (let i = 0; i < 9; i++) {
    const x = between(r, 170, 730);
    const y = between(r, 190, 600);
    const s = between(r, 0.7, 1.3);
    const c = [C.orange, C.terracotta, C.gold, C.terracottaLight][i % 4] ?? C.orange;
    const flip = i % 2 ? -1 : 1;
    fish += g(
      {
        transform: `translate(${Math.round(x)} ${Math.round(y)}) scale(${(s * flip).toFixed(2)} ${s.toFixed(2)})`,
      },
      path(d`M-30 0 L-52 -18 L-52 18Z`, c),
      ellipse(0, 0, 36, 20, c),
      circle(18, -5, 4, C.ink),
    );
  }
  let bubbles = '';
  for (let i = 0; i < 16; i++)
    bubbles += el('circle', {
      cx: between(r, 600, 680),
      cy: between(r, 160, 640),
      r: between(r, 4, 10),
    });
  let weeds = '';
  for (let i = 0; i < 7; i++) {
    const x = 170 + i * 95;
    weeds += stroke(
      d`M${x} 690 C${x - 30} 620 ${x + 30} 560 ${x} ${480 + (i % 3) * 40}`,
      i % 2 ? C.leaf : C.leafDark,
      16,
    );
  }
  return svgDoc(
    W,
    H,
    'Aquarium meeting space',
    linear('aq', [
      [0, '#4fb3b8'],
      [1, '#1c5451'],
    ]),
    rect(0, 0, W, H, '#23302e') +
      rect(120, 120, 660, 600, C.roast, { rx: 12 }) +
      rect(140, 140, 620, 560, 'url(#aq)') +
      weeds +
      fish +
      g({ fill: 'none', stroke: C.white, 'stroke-width': 3, opacity: 0.6 }, bubbles) +
      rect(140, 660, 620, 40, '#d8c6ae') +
      rect(140, 140, 620, 20, C.white, { opacity: 0.25 }) +
      floor(W, H, 880, '#8c6a4a') +
      sofa(450, 1080, 480, 1.1, C.terracotta) +
      rect(300, 1000, 300, 20, C.wood) +
      smallCup(380, 1000, 0.6, C.paper) +
      smallCup(520, 1000, 0.6, C.teal) +
      plant(80, 1130, 1.5, C.teal) +
      stroke(d`M820 1150 L820 820 L760 800`, C.ink, 6) +
      path(d`M720 780 L800 780 L780 830 L740 830Z`, C.gold),
  );
}

function rooftop(): string {
  const W = 1600;
  const H = 900;
  let bulbs = '';
  const cable = (x0: number, x1: number, y: number, sag: number): void => {
    for (let i = 1; i < 10; i++) {
      const t = i / 10;
      bulbs += el('circle', { cx: x0 + (x1 - x0) * t, cy: y + sag * 4 * t * (1 - t), r: 9 });
    }
  };
  cable(0, 800, 120, 80);
  cable(800, 1600, 120, 80);
  const parasol = (x: number, c: string): string =>
    stroke(d`M${x} 420 L${x} 760`, C.ink, 8) +
    path(d`M${x - 170} 440 C${x - 140} 360 ${x + 140} 360 ${x + 170} 440Z`, c) +
    path(d`M${x - 60} 440 C${x - 50} 370 ${x + 50} 370 ${x + 60} 440Z`, C.cream);
  return svgDoc(
    W,
    H,
    'Rooftop workspace',
    linear('rt', [
      [0, '#f2b183'],
      [0.6, '#f7dcc0'],
      [1, '#fbf1e3'],
    ]),
    rect(0, 0, W, H, 'url(#rt)') +
      circle(1200, 470, 90, '#f6c47e') +
      skyline(70, 0, W, 560, '#c99b84') +
      skyline(71, 0, W, 600, '#a7776a') +
      stroke(d`M0 120 Q400 280 800 120 Q1200 280 1600 120`, C.ink, 3) +
      g({ fill: C.butter }, bulbs) +
      rect(0, 600, W, 300, '#b98f6c') +
      stroke(d`M0 600 L1600 600 M0 560 L1600 560`, C.ink, 8) +
      path(Array.from({ length: 33 }, (_, i) => `M${i * 50} 560V600`).join(''), 'none', {
        stroke: C.ink,
        'stroke-width': 5,
      }) +
      parasol(400, C.teal) +
      parasol(1100, C.terracotta) +
      roundTable(400, 860, 1.3) +
      roundTable(1100, 860, 1.3) +
      smallCup(400, 696, 0.7, C.paper) +
      smallCup(1100, 696, 0.7, C.paper) +
      chair(240, 880, 1.3, C.teal) +
      chair(560, 880, 1.3, C.teal) +
      chair(940, 880, 1.3, C.terracotta) +
      chair(1260, 880, 1.3, C.terracotta) +
      plant(760, 880, 1.8, C.terracotta) +
      plant(1520, 880, 1.6, C.teal),
  );
}

function hambleSpace(): string {
  const W = 1200;
  const H = 900;
  return svgDoc(
    W,
    H,
    'Hamble space, a cosy meeting room',
    '',
    rect(0, 0, W, H, '#e9d6c0') +
      windowFrame(120, 140, 300, 300, C.paper, C.sky) +
      path(d`M90 110 L180 110 C170 250 190 380 150 470 L90 470Z`, C.terracotta) +
      path(d`M450 110 L360 110 C370 250 350 380 390 470 L450 470Z`, C.terracotta) +
      rect(80, 100, 380, 14, C.roast) +
      rect(700, 120, 380, 480, C.wood) +
      rect(716, 136, 348, 448, C.woodDark) +
      shelf(716, 260, 348, 81) +
      shelf(716, 400, 348, 82) +
      shelf(716, 560, 348, 83) +
      floor(W, H, 640, '#b88c62') +
      ellipse(560, 800, 420, 70, C.teal) +
      ellipse(560, 800, 360, 52, C.tealLight, { opacity: 0.6 }) +
      sofa(360, 800, 420, 1, C.sage) +
      rect(480, 690, 12, 10, C.ink) +
      rect(640, 700, 220, 20, C.wood, { rx: 6 }) +
      rect(660, 720, 12, 70, C.woodDark) +
      rect(828, 720, 12, 70, C.woodDark) +
      smallCup(700, 702, 0.6, C.paper) +
      smallCup(800, 702, 0.6, C.terracotta) +
      stroke(d`M1000 860 L1000 520 L960 500`, C.ink, 6) +
      path(d`M900 470 L1000 470 L980 530 L920 530Z`, C.gold) +
      ellipse(950, 560, 70, 20, C.butter, { opacity: 0.35 }),
  );
}

export function spaceScenes(): Scene[] {
  const list = [
    whiteWall,
    longWindow,
    gengsSpace,
    seminarArea,
    centerArea,
    aquarium,
    rooftop,
    hambleSpace,
  ];
  return list.map((f) => {
    const svg = f();
    return { title: /<title id="t">([^<]*)</.exec(svg)?.[1] ?? '', svg };
  });
}
