// Home-page art: hero, two "about" pictures, the podcast banner and neutral app-store badges.
import { C } from './palette';
import type { CupSpec } from './catalog';
import { cupSide } from './drinks';
import { espressoMachine } from './gear';
import { bean, beans, pendantLamp, person, smallCup, steam } from './props';
import {
  circle,
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
  between,
  shade,
  stroke,
  svgDoc,
  text,
} from './svg';

export interface HomeFile {
  name: string;
  svg: string;
}

const heroCup: CupSpec = {
  kind: 'cup',
  size: 'regular',
  cup: C.cream,
  band: C.terracotta,
  saucer: C.cream,
  drink: C.caramel,
  art: 'rosetta',
  artColor: C.foam,
};

function coffeeLeaf(x: number, y: number, rot: number, s: number, color: string = C.leaf): string {
  return g(
    { transform: `translate(${x} ${y}) rotate(${rot}) scale(${s})` },
    path(d`M0 0 C-40 -30 -36 -110 0 -150 C36 -110 40 -30 0 0Z`, color),
    stroke(d`M0 -6 L0 -140`, shade(color, -0.3), 3),
  );
}

function hero(): string {
  const W = 1600;
  const H = 900;
  const cup = cupSide(900, heroCup);
  let rays = '';
  for (let i = 0; i < 12; i++) {
    const a = -Math.PI + (i / 11) * Math.PI;
    rays += `M${(1100 + Math.cos(a) * 330).toFixed(0)} ${(470 + Math.sin(a) * 330).toFixed(0)}L${(1100 + Math.cos(a) * 470).toFixed(0)} ${(470 + Math.sin(a) * 470).toFixed(0)}`;
  }
  return svgDoc(
    W,
    H,
    'A cup of coffee in warm morning light at Lumen Roastery',
    hlinear('hb', [
      [0, C.espresso],
      [1, '#4a2e20'],
    ]) +
      radial('hg', [
        [0, C.gold, 0.45],
        [1, C.gold, 0],
      ]) +
      cup.defs,
    rect(0, 0, W, H, 'url(#hb)') +
      circle(1100, 470, 520, 'url(#hg)') +
      path(rays, 'none', {
        stroke: C.gold,
        'stroke-width': 6,
        'stroke-linecap': 'round',
        opacity: 0.45,
      }) +
      circle(1100, 470, 300, shade(C.espresso, 0.08)) +
      coffeeLeaf(1440, 860, -40, 2, C.leafDark) +
      coffeeLeaf(1500, 900, -10, 1.6) +
      coffeeLeaf(760, 900, 40, 1.5, C.leafDark) +
      ellipse(1100, 790, 330, 40, '#000', { opacity: 0.3 }) +
      g({ transform: 'translate(1100 780) scale(1.75) translate(-292 -500)' }, cup.body) +
      beans(160, 620, 700, 300, 180, 12, 2.2, '#5a3522') +
      beans(161, 1350, 640, 220, 200, 8, 2.2, '#5a3522'),
  );
}

// One shared bag shape (in defs) reused with a fill colour keeps the shelf picture small.
const BAG_MINI = g(
  { id: 'mb' },
  path('M-34 0L-30-110L30-110L34 0Z', 'inherit'),
  rect(-30, -122, 60, 14, '#000', { opacity: 0.25 }),
  rect(-22, -80, 44, 44, C.cream, { rx: 4 }),
  bean(0, -58, 0.7, -30),
);

function bagMini(x: number, y: number, color: string): string {
  return el('use', { href: '#mb', x, y, fill: color });
}

function aboutBarista(): string {
  const W = 900;
  const H = 1100;
  const shelfRow = (y: number, cols: string[]): string =>
    cols.map((c, i) => bagMini(130 + i * 105, y, c)).join('') + rect(60, y, 780, 16, C.wood);
  return svgDoc(
    W,
    H,
    'Our baristas at work behind the counter',
    BAG_MINI,
    rect(0, 0, W, H, C.wall) +
      pendantLamp(240, 0, 500, 1.4, C.teal) +
      pendantLamp(660, 0, 500, 1.4, C.teal) +
      shelfRow(260, [C.terracotta, C.teal, C.olive, C.roast, C.gold, C.terracotta, C.teal]) +
      shelfRow(460, [C.roast, C.gold, C.teal, C.terracotta, C.olive, C.roast, C.gold]) +
      person(600, 820, 2, C.tealDark, '#c98e63', C.ink) +
      path(d`M560 820 L560 720 C580 700 620 700 640 720 L640 820Z`, C.terracottaLight) +
      rect(0, 820, W, 280, C.roast) +
      rect(0, 800, W, 30, C.wood) +
      espressoMachine(330, 800, 0.95, C.steel, C.terracotta) +
      smallCup(640, 802, 1, C.paper) +
      smallCup(760, 802, 0.8, C.teal) +
      stroke(d`M0 900 L900 900`, shade(C.roast, -0.2), 6),
  );
}

function aboutOrigins(): string {
  const W = 1200;
  const H = 900;
  return svgDoc(
    W,
    H,
    'Green and roasted coffee beans from our partner farms',
    linear('ab', [
      [0, '#f4e3cc'],
      [1, '#ead3b5'],
    ]),
    rect(0, 0, W, H, 'url(#ab)') +
      coffeeLeaf(200, 360, -30, 1.8) +
      coffeeLeaf(260, 380, 20, 1.5, C.leafDark) +
      circle(238, 380, 16, C.tomato) +
      circle(262, 392, 16, C.berry) +
      circle(248, 360, 14, C.tomato) +
      path(
        d`M360 820 C330 600 380 420 440 360 C500 330 700 330 760 360 C820 420 870 600 840 820Z`,
        '#c9a27a',
      ) +
      path(d`M440 360 C480 400 720 400 760 360 C740 420 460 420 440 360Z`, '#a98158') +
      ellipse(600, 380, 150, 36, '#6f8f5a') +
      beans(62, 470, 350, 260, 50, 26, 1.2, '#8fa870') +
      stroke(d`M420 560 C520 580 680 580 780 560 M400 680 C520 700 680 700 800 680`, '#a98158', 5) +
      text(600, 640, 'GREEN COFFEE', 34, C.roast, {
        'font-weight': 800,
        'letter-spacing': 6,
        opacity: 0.8,
      }) +
      ellipse(600, 840, 420, 40, '#000', { opacity: 0.1 }) +
      beans(63, 860, 740, 260, 110, 18, 1.6, C.roast) +
      g(
        { transform: 'translate(990 700) rotate(-18)' },
        rect(-150, -16, 170, 32, C.wood, { rx: 14 }),
        path(d`M20 -50 L140 -50 C150 -10 140 40 110 50 L20 50Z`, C.steel),
        ellipse(80, -40, 60, 14, '#5a3522'),
      ) +
      coffeeLeaf(1110, 240, 20, 1.6, C.leafDark) +
      coffeeLeaf(1040, 260, -25, 1.3),
  );
}

function podcast(): string {
  const W = 1200;
  const H = 800;
  const r = rng(404);
  let bars = '';
  for (let i = 0; i < 26; i++) {
    const h = between(r, 30, 220) * (1 - Math.abs(i - 12.5) / 16);
    bars += rect(80 + i * 22, 260 - h / 2, 11, h, i % 3 ? C.terracottaLight : C.gold, { rx: 5.5 });
  }
  let grill = '';
  for (let y = 150; y <= 350; y += 22) grill += `M710 ${y}H850`;
  return svgDoc(
    W,
    H,
    'The Lumen Roastery podcast',
    radial(
      'pg',
      [
        [0, C.teal],
        [1, C.tealDark],
      ],
      0.6,
      0.45,
      0.8,
    ),
    rect(0, 0, W, H, 'url(#pg)') +
      bars +
      rect(0, 640, W, 160, C.roast) +
      rect(0, 630, W, 20, C.wood) +
      ellipse(780, 632, 120, 22, C.ink) +
      rect(770, 420, 20, 212, C.steelDark) +
      path(d`M670 260 C670 380 720 430 780 430 C840 430 890 380 890 260`, 'none', {
        stroke: C.steelDark,
        'stroke-width': 14,
      }) +
      rect(700, 100, 160, 290, C.steel, { rx: 80 }) +
      path(grill, 'none', { stroke: C.steelDark, 'stroke-width': 4 }) +
      rect(700, 270, 160, 26, C.terracotta) +
      stroke(d`M730 130 L730 250`, C.white, 10, { opacity: 0.5 }) +
      g(
        { transform: 'translate(330 632)' },
        stroke(d`M-120 -40 C-120 -200 120 -200 120 -40`, C.ink, 20),
        rect(-150, -90, 56, 90, C.terracotta, { rx: 24 }),
        rect(94, -90, 56, 90, C.terracotta, { rx: 24 }),
      ) +
      smallCup(1030, 640, 1.3, C.paper, C.coffee) +
      steam(1030, 520, 1, C.white, 0.6),
  );
}

function badge(name: string, title: string, small: string, big: string, icon: string): HomeFile {
  const W = 200;
  const H = 60;
  return {
    name,
    svg: svgDoc(
      W,
      H,
      title,
      '',
      rect(0.5, 0.5, W - 1, H - 1, '#000', { rx: 10, stroke: '#a6a6a6', 'stroke-width': 1 }) +
        icon +
        text(58, 24, small, 11, '#fff', { 'text-anchor': 'start', 'letter-spacing': 0.3 }) +
        // textLength keeps the wordmark inside the badge whatever system font renders it
        text(57, 47, big, 21, '#fff', {
          'text-anchor': 'start',
          'font-weight': 600,
          textLength: big.length * 11.2,
          lengthAdjust: 'spacingAndGlyphs',
        }),
    ),
  };
}

export function homeFiles(): HomeFile[] {
  const phone =
    rect(18, 12, 24, 36, 'none', { rx: 5, stroke: '#fff', 'stroke-width': 2.5 }) +
    rect(26, 16, 8, 2.5, '#fff', { rx: 1 }) +
    circle(30, 42, 2.2, '#fff');
  const play = el('path', {
    d: 'M20 14 L20 46 L46 30Z',
    fill: 'none',
    stroke: '#fff',
    'stroke-width': 2.5,
    'stroke-linejoin': 'round',
  });
  return [
    { name: 'hero.svg', svg: hero() },
    { name: 'about-1.svg', svg: aboutBarista() },
    { name: 'about-2.svg', svg: aboutOrigins() },
    { name: 'podcast.svg', svg: podcast() },
    badge('app-badge-ios.svg', 'Download on the App Store', 'Download on the', 'App Store', phone),
    badge('app-badge-android.svg', 'Get it on Google Play', 'GET IT ON', 'Google Play', play),
  ];
}
