// News (1200x675) and event (1200x800) pictures: one small flat scene per item.
import { C } from './palette';
import { espressoMachine, dripper, grinder, jar, kettle, pitcher, trophy } from './gear';
import {
  bean,
  beans,
  citrusSlice,
  heartArt,
  iceCube,
  person,
  plant,
  rosettaArt,
  smallCup,
  steam,
  table,
  tulipArt,
} from './props';
import {
  between,
  circle,
  d,
  el,
  ellipse,
  g,
  hlinear,
  linear,
  path,
  poly,
  radial,
  rect,
  rng,
  shade,
  stroke,
  svgDoc,
  text,
} from './svg';

export interface Scene {
  title: string;
  svg: string;
}

function cherries(seed: number, x: number, y: number, w: number, h: number, n: number): string {
  const r = rng(seed);
  let out = '';
  for (let i = 0; i < n; i++)
    out += el('circle', {
      cx: between(r, x, x + w),
      cy: between(r, y, y + h),
      r: between(r, 5, 9),
    });
  return g({ fill: C.tomato }, out);
}

function bushRow(seed: number, y: number, w: number, count: number, color: string): string {
  const r = rng(seed);
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = (i + 0.5) * (w / count) + between(r, -20, 20);
    const rr = between(r, 48, 64);
    out +=
      ellipse(x, y, rr, rr * 0.8, color) +
      ellipse(x - rr * 0.3, y - rr * 0.4, rr * 0.5, rr * 0.4, shade(color, 0.15));
    out += cherries(seed * 7 + i, x - rr * 0.7, y - rr * 0.5, rr * 1.4, rr * 0.9, 4);
  }
  return out;
}

function confetti(seed: number, w: number, h: number, n: number): string {
  const r = rng(seed);
  const cols = [C.terracotta, C.teal, C.gold, C.tealLight, C.terracottaLight];
  const groups = cols.map(() => '');
  for (let i = 0; i < n; i++) {
    const x = Math.round(between(r, 0, w));
    const y = Math.round(between(r, 0, h));
    groups[i % cols.length] +=
      `<rect x="${x}" y="${y}" width="14" height="6" transform="rotate(${Math.round(between(r, 0, 180))} ${x} ${y})"/>`;
  }
  return groups.map((s, i) => g({ fill: cols[i] ?? C.gold }, s)).join('');
}

function bunting(y: number, w: number, sag: number, n: number): string {
  const cols = [C.terracotta, C.cream, C.teal, C.gold];
  let out = stroke(d`M0 ${y} Q${w / 2} ${y + sag * 2} ${w} ${y}`, C.roast, 3);
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const x = t * w;
    const yy = y + sag * 4 * t * (1 - t);
    out += poly(
      [
        [x - 22, yy],
        [x + 22, yy],
        [x, yy + 44],
      ],
      cols[i % cols.length] ?? C.gold,
    );
  }
  return out;
}

function skyGrad(id: string, top: string, bottom: string): string {
  return linear(id, [
    [0, top],
    [1, bottom],
  ]);
}

// ---------------------------------------------------------------- news (1200 x 675)

const NW = 1200;
const NH = 675;

function newsProducer(): string {
  return svgDoc(
    NW,
    NH,
    'Visiting a robusta producer in Central Java',
    skyGrad('sk', '#f4d3b1', '#fbf1e3'),
    rect(0, 0, NW, NH, 'url(#sk)') +
      circle(900, 170, 70, '#f3b66a') +
      path(d`M520 420 L760 160 L820 160 L1100 420Z`, '#b5c2ac') +
      path(d`M760 160 L820 160 L800 200 L780 184 L766 200Z`, '#e9efe4') +
      g(
        { opacity: 0.6 },
        circle(800, 130, 20, C.white),
        circle(826, 110, 26, C.white),
        circle(860, 96, 18, C.white),
      ) +
      path(
        d`M0 400 C200 330 400 350 640 400 C860 440 1000 360 1200 380 L1200 675 L0 675Z`,
        C.sage,
      ) +
      path(
        d`M0 470 C260 420 520 470 760 450 C960 434 1100 470 1200 460 L1200 675 L0 675Z`,
        C.olive,
      ) +
      rect(170, 350, 150, 90, C.cream) +
      path(d`M150 360 L245 300 L340 360Z`, C.terracotta) +
      rect(230, 390, 30, 50, C.roast) +
      bushRow(11, 520, NW, 9, C.leafDark) +
      bushRow(12, 630, NW, 7, '#2f5427'),
  );
}

function newsColdBrew(): string {
  const r = rng(22);
  let ice = '';
  for (let i = 0; i < 5; i++)
    ice += iceCube(between(r, 380, 560), between(r, 300, 420), 1.6, between(r, 0, 90));
  return svgDoc(
    NW,
    NH,
    'Cold brew coffee',
    radial(
      'bgc',
      [
        [0, C.tealLight],
        [1, C.teal],
      ],
      0.4,
      0.4,
      0.8,
    ),
    rect(0, 0, NW, NH, 'url(#bgc)') +
      rect(0, 560, NW, 115, C.tealDark) +
      jar(470, 600, 1.1, '#3a2216') +
      g({}, ice) +
      g(
        { transform: 'translate(780 600)' },
        path(d`M-80 -300 L80 -300 L66 0 L-66 0Z`, C.white, {
          'fill-opacity': 0.3,
          stroke: C.white,
          'stroke-width': 4,
        }),
        path(d`M-74 -220 L74 -220 L64 -8 L-64 -8Z`, '#4a2c1c'),
        iceCube(-20, -190, 1.3, 20),
        iceCube(26, -150, 1.3, -15),
        stroke(d`M20 -100 L70 -380`, C.terracotta, 14),
      ) +
      beans(222, 880, 580, 280, 70, 10, 1.6) +
      g(
        { fill: C.white, opacity: 0.7 },
        ellipse(360, 400, 5, 8, C.white),
        ellipse(590, 330, 5, 8, C.white),
        ellipse(400, 480, 4, 7, C.white),
      ),
  );
}

function newsTonic(): string {
  const r = rng(33);
  let bubbles = '';
  for (let i = 0; i < 24; i++)
    bubbles += el('circle', {
      cx: between(r, 470, 610),
      cy: between(r, 330, 590),
      r: between(r, 3, 8),
    });
  return svgDoc(
    NW,
    NH,
    'Coffee tonic',
    linear('tn', [
      [0, '#5b3421'],
      [0.3, '#8c5a3a'],
      [0.42, '#efe6d6'],
      [1, '#f6f1e6'],
    ]),
    rect(0, 0, NW, NH, C.terracottaTint) +
      circle(540, 330, 260, shade(C.terracottaTint, 0.4)) +
      rect(0, 600, NW, 75, C.terracottaLight) +
      path(d`M450 100 L630 100 L610 600 L470 600Z`, 'url(#tn)') +
      g({ fill: 'none', stroke: C.white, 'stroke-width': 2, opacity: 0.8 }, bubbles) +
      path(d`M450 100 L630 100 L610 600 L470 600Z`, C.white, {
        'fill-opacity': 0.15,
        stroke: C.white,
        'stroke-width': 5,
      }) +
      citrusSlice(620, 110, 60, '#e47d1e', '#f8b54a') +
      stroke(d`M500 120 L470 20 M484 70 L464 56 M490 90 L512 70 M478 46 L496 30`, C.leafDark, 5) +
      g(
        { transform: 'translate(850 600)' },
        path(
          d`M-55 0 L-55 -260 C-55 -300 -22 -310 -22 -350 L-22 -400 L22 -400 L22 -350 C22 -310 55 -300 55 -260 L55 0Z`,
          '#4f8a5a',
        ),
        rect(-55, -200, 110, 100, C.cream),
        text(0, -142, 'TONIC', 26, C.tealDark, { 'font-weight': 800 }),
        rect(-24, -420, 48, 24, C.gold, { rx: 4 }),
        stroke(d`M-38 -250 L-38 -20`, C.white, 8, { opacity: 0.4 }),
      ) +
      smallCup(230, 600, 1.3, C.paper, C.coffee),
  );
}

function newsSharing(): string {
  const people = [
    [300, C.teal, '#e8b894', C.roast],
    [480, C.terracotta, '#c98e63', C.ink],
    [680, C.gold, '#f0c8a4', C.coffee],
    [880, C.sage, '#a8724c', C.espresso],
  ] as const;
  return svgDoc(
    NW,
    NH,
    'Coffee sharing session workshop',
    '',
    rect(0, 0, NW, NH, C.wall) +
      rect(360, 60, 480, 230, C.paper, { stroke: C.roast, 'stroke-width': 10, rx: 6 }) +
      stroke(
        d`M420 240 L470 120 L520 240 M560 130 L780 130 M560 170 L740 170 M560 210 L760 210`,
        C.teal,
        6,
      ) +
      smallCup(470, 240, 0.7, C.terracotta) +
      people.map(([x, shirt, skin, hair]) => person(x, 470, 1.25, shirt, skin, hair)).join('') +
      rect(120, 460, 960, 30, C.wood, { rx: 6 }) +
      rect(140, 490, 920, 185, C.woodDark) +
      smallCup(330, 462, 0.7, C.paper) +
      smallCup(520, 462, 0.7, C.teal) +
      smallCup(720, 462, 0.7, C.paper) +
      smallCup(910, 462, 0.7, C.terracotta) +
      plant(1130, 675, 1.6, C.teal) +
      plant(70, 675, 1.3),
  );
}

function newsBrewing(): string {
  return svgDoc(
    NW,
    NH,
    'Coffee brewing workshop',
    '',
    rect(0, 0, NW, NH, '#e8efe6') +
      circle(600, 300, 240, shade('#e8efe6', 0.5)) +
      table(NW, NH, 540, C.wood) +
      rect(500, 520, 220, 24, C.ink, { rx: 6 }) +
      rect(560, 524, 60, 12, C.tealLight, { rx: 3 }) +
      dripper(610, 520, 1.2) +
      stroke(d`M550 150 C574 160 596 200 604 300`, '#8a5a3a', 5, { opacity: 0.85 }) +
      g({ transform: 'translate(380 300) scale(-1 1)' }, kettle(0, 0, 1, C.ink)) +
      g(
        { transform: 'translate(170 540) scale(1.3)' },
        path(d`M-50 -190 L50 -190 L60 0 L-60 0Z`, C.terracotta),
        rect(-36, -130, 72, 80, C.cream, { rx: 4 }),
        bean(0, -90, 1.2, -30),
      ) +
      grinder(900, 540, 1, C.roast),
  );
}

function newsRoasting(): string {
  return svgDoc(
    NW,
    NH,
    'Roasting day',
    hlinear('dr', [
      [0, '#3a3330'],
      [0.5, '#5a514c'],
      [1, '#2a2421'],
    ]),
    rect(0, 0, NW, NH, '#f3e2cc') +
      rect(0, 560, NW, 115, C.roast) +
      rect(520, 0, 60, 200, C.steelDark) +
      path(d`M480 230 L620 230 L580 160 L520 160Z`, C.steel) +
      rect(380, 230, 340, 240, 'url(#dr)', { rx: 40 }) +
      circle(550, 350, 70, C.terracotta) +
      circle(550, 350, 50, '#8b3a1e') +
      rect(420, 470, 30, 90, C.ink) +
      rect(650, 470, 30, 90, C.ink) +
      rect(690, 380, 110, 30, C.steelDark) +
      ellipse(900, 470, 200, 50, C.steelDark) +
      ellipse(900, 460, 190, 44, '#4a3a32') +
      beans(66, 760, 430, 280, 50, 30, 1.1, '#6a3c22') +
      rect(890, 470, 20, 90, C.ink) +
      g({ opacity: 0.35 }, steam(550, 130, 1.6, C.white, 1)),
  );
}

function newsPour(): string {
  return svgDoc(
    NW,
    NH,
    'Pouring latte art',
    '',
    rect(0, 0, NW, NH, C.tealTint) +
      ellipse(560, 470, 330, 120, shade(C.tealTint, -0.1)) +
      ellipse(560, 460, 330, 120, C.paper) +
      ellipse(560, 440, 210, 80, C.teal) +
      ellipse(560, 440, 188, 68, C.mocha) +
      g({ transform: 'translate(560 446) scale(1.5 0.55)' }, heartArt(C.foam)) +
      stroke(d`M520 250 C540 300 548 350 548 410`, C.foam, 14) +
      pitcher(420, 250, 1.5, -55) +
      stroke(d`M760 440 C860 420 880 500 770 500`, C.teal, 22),
  );
}

function newsHarvest(): string {
  const leaf = (x: number, y: number, rot: number, s: number): string =>
    path(d`M0 0 C-30 -20 -30 -80 0 -110 C30 -80 30 -20 0 0Z`, C.leaf, {
      transform: `translate(${x} ${y}) rotate(${rot}) scale(${s})`,
    });
  return svgDoc(
    NW,
    NH,
    'Coffee cherry harvest',
    skyGrad('hv', '#d6e8e2', '#f7efe0'),
    rect(0, 0, NW, NH, 'url(#hv)') +
      stroke(d`M0 160 C300 200 600 140 1200 220`, C.woodDark, 14) +
      leaf(150, 180, -160, 1) +
      leaf(320, 180, 20, 1.1) +
      leaf(520, 170, -150, 1) +
      leaf(720, 180, 30, 1.2) +
      leaf(930, 200, -170, 1) +
      leaf(1100, 210, 25, 1) +
      cherries(81, 220, 180, 120, 50, 14) +
      cherries(82, 600, 170, 120, 50, 14) +
      cherries(83, 980, 200, 100, 50, 12) +
      path(d`M360 420 L840 420 L790 640 L410 640Z`, '#c49258') +
      stroke(d`M380 480 L820 480 M392 540 L808 540 M402 600 L798 600`, '#9c6a36', 6) +
      ellipse(600, 420, 240, 40, '#8f3a22') +
      cherries(84, 380, 390, 440, 40, 60) +
      leaf(820, 420, 60, 0.8) +
      leaf(380, 420, -60, 0.8),
  );
}

function newsStore(): string {
  let stripes = '';
  for (let i = 0; i < 12; i++) stripes += rect(300 + i * 50, 190, 50, 70, i % 2 ? C.cream : C.teal);
  return svgDoc(
    NW,
    NH,
    'The Lumen Roastery café',
    '',
    rect(0, 0, NW, NH, C.sky) +
      rect(260, 90, 680, 500, C.terracotta) +
      rect(260, 90, 680, 40, shade(C.terracotta, -0.2)) +
      text(600, 170, 'LUMEN ROASTERY', 36, C.cream, { 'font-weight': 800, 'letter-spacing': 6 }) +
      stripes +
      path(d`M300 260 L900 260 L880 280 L320 280Z`, shade(C.teal, -0.3)) +
      rect(320, 300, 360, 240, C.butter) +
      rect(320, 300, 360, 240, 'none', { stroke: C.roast, 'stroke-width': 12 }) +
      rect(720, 300, 160, 290, C.roast) +
      circle(860, 450, 8, C.gold) +
      person(420, 540, 0.9, C.teal, '#e8b894', C.roast) +
      person(560, 540, 0.9, C.terracottaLight, '#c98e63', C.ink) +
      rect(320, 490, 360, 50, C.wood) +
      rect(0, 590, NW, 85, '#bfb3a5') +
      plant(220, 600, 1.4, C.teal) +
      plant(990, 600, 1.4, C.teal),
  );
}

export function newsScenes(): Scene[] {
  const list = [
    newsProducer,
    newsColdBrew,
    newsTonic,
    newsSharing,
    newsBrewing,
    newsRoasting,
    newsPour,
    newsHarvest,
    newsStore,
  ];
  return list.map((f) => {
    const svg = f();
    return { title: /<title id="t">([^<]*)</.exec(svg)?.[1] ?? '', svg };
  });
}

// ---------------------------------------------------------------- events (1200 x 800)

const EW = 1200;
const EH = 800;

function cupFromAbove(x: number, y: number, r: number, cup: string, art: string): string {
  return (
    circle(x + 8, y + 10, r * 1.45, C.espresso, { opacity: 0.15 }) +
    circle(x, y, r * 1.45, C.paper) +
    rect(x + r - 4, y - 14, r * 0.6, 28, cup, { rx: 14 }) +
    circle(x, y, r, cup) +
    circle(x, y, r - 10, C.mocha) +
    g({ transform: `translate(${x} ${y}) scale(${((r - 18) / 100).toFixed(2)})` }, art)
  );
}

function milkJug(x: number, y: number): string {
  return (
    rect(x + 40, y - 12, 70, 24, C.steelDark, { rx: 12 }) +
    path(d`M${x - 50} ${y - 26} L${x - 96} ${y} L${x - 50} ${y + 26}Z`, C.steel) +
    circle(x, y, 62, C.steel) +
    circle(x, y, 50, C.paper) +
    circle(x - 12, y - 10, 16, C.white)
  );
}

function eventLatteWorkshop(): string {
  let planks = '';
  for (let x = 0; x < EW; x += 150) planks += `M${x} 0V${EH}`;
  return svgDoc(
    EW,
    EH,
    'Latte art workshop',
    '',
    rect(0, 0, EW, EH, C.wood) +
      path(planks, 'none', { stroke: C.woodDark, 'stroke-width': 4 }) +
      cupFromAbove(260, 300, 110, C.teal, heartArt(C.foam)) +
      cupFromAbove(620, 420, 120, C.terracotta, rosettaArt(C.foam, C.mocha)) +
      cupFromAbove(960, 260, 100, C.paper, tulipArt(C.foam, C.mocha)) +
      milkJug(420, 640) +
      milkJug(870, 620) +
      beans(5, 60, 560, 220, 180, 12, 1.5),
  );
}

function spot(x: number): string {
  return path(d`M${x - 30} 0 L${x + 30} 0 L${x + 150} 560 L${x - 150} 560Z`, C.butter, {
    opacity: 0.22,
  });
}

function eventHardware(): string {
  return svgDoc(
    EW,
    EH,
    'Exhibition of coffee hardware',
    '',
    rect(0, 0, EW, EH, '#2e2a28') +
      rect(0, 620, EW, 180, '#463e39') +
      spot(220) +
      spot(600) +
      spot(980) +
      rect(110, 480, 220, 250, C.paper) +
      rect(450, 540, 300, 190, C.paper) +
      rect(870, 480, 220, 250, C.paper) +
      grinder(220, 480, 0.95, C.terracotta) +
      espressoMachine(600, 540, 0.9, C.steel, C.teal) +
      g(
        { transform: 'translate(980 480) scale(0.9)' },
        path(d`M-60 0 L60 0 L44 -150 L-44 -150Z`, C.steel),
        path(d`M-40 -150 L40 -150 L56 -280 L-56 -280Z`, '#d9dde0'),
        path(d`M-56 -280 L56 -280 L40 -300 L-40 -300Z`, '#b3bbc0'),
        rect(-12, -322, 24, 24, C.ink, { rx: 6 }),
        poly(
          [
            [50, -270],
            [96, -262],
            [86, -170],
            [46, -176],
          ],
          C.ink,
        ),
      ),
  );
}

function eventFactory(): string {
  let saw = 'M200 330';
  for (let i = 0; i < 6; i++) saw += `L${200 + i * 120} 250L${320 + i * 120} 330`;
  return svgDoc(
    EW,
    EH,
    'Factory visit',
    skyGrad('fs', '#cfe5e1', '#f7efe0'),
    rect(0, 0, EW, EH, 'url(#fs)') +
      g(
        { opacity: 0.75 },
        circle(1000, 150, 40, C.white),
        circle(1040, 110, 50, C.white),
        circle(1090, 80, 34, C.white),
      ) +
      rect(960, 170, 60, 200, C.terracotta) +
      rect(960, 170, 60, 20, shade(C.terracotta, -0.3)) +
      path(`${saw}L920 330Z`, C.steelDark) +
      rect(200, 330, 720, 320, C.cream) +
      rect(200, 330, 720, 26, C.roast) +
      rect(480, 450, 160, 200, C.roast) +
      stroke(
        d`M480 490 L640 490 M480 530 L640 530 M480 570 L640 570 M480 610 L640 610`,
        C.woodDark,
        4,
      ) +
      rect(260, 420, 160, 100, C.sky, { stroke: C.roast, 'stroke-width': 10 }) +
      rect(700, 420, 160, 100, C.sky, { stroke: C.roast, 'stroke-width': 10 }) +
      text(560, 398, 'LUMEN ROASTERY', 30, C.terracotta, {
        'font-weight': 800,
        'letter-spacing': 5,
      }) +
      rect(0, 650, EW, 150, C.sage) +
      path(d`M500 800 L540 650 L580 650 L700 800Z`, '#d8c6ae') +
      plant(120, 660, 2, C.roast) +
      plant(1080, 660, 2, C.roast),
  );
}

function eventCompetition(): string {
  return svgDoc(
    EW,
    EH,
    'Latte art competition',
    radial(
      'cg',
      [
        [0, C.tealLight],
        [1, C.tealDark],
      ],
      0.5,
      0.4,
      0.7,
    ),
    rect(0, 0, EW, EH, 'url(#cg)') +
      confetti(44, EW, 520, 45) +
      rect(0, 640, EW, 160, C.roast) +
      trophy(520, 640, 1.5) +
      smallCup(840, 640, 1.8, C.paper, C.mocha) +
      g({ transform: 'translate(840 525) scale(0.7 0.17)' }, heartArt(C.foam)),
  );
}

function eventCupping(): string {
  let bowls = '';
  for (let i = 0; i < 5; i++) {
    const x = 180 + i * 210;
    bowls +=
      circle(x + 6, 300 + 8, 86, C.espresso, { opacity: 0.15 }) +
      circle(x, 300, 86, C.paper) +
      circle(x, 300, 70, '#5a3421') +
      circle(x - 14, 290, 40, '#7a4a2c', { opacity: 0.7 });
  }
  let wheel = '';
  const cols = [C.terracotta, C.gold, C.sage, C.teal, C.berry, C.caramel, C.leaf, C.orange];
  for (let i = 0; i < 8; i++) {
    const a0 = (i / 8) * Math.PI * 2;
    const a1 = ((i + 1) / 8) * Math.PI * 2;
    wheel += path(
      d`M0 0 L${Math.cos(a0) * 120} ${Math.sin(a0) * 120} A120 120 0 0 1 ${Math.cos(a1) * 120} ${Math.sin(a1) * 120}Z`,
      cols[i] ?? C.gold,
    );
  }
  return svgDoc(
    EW,
    EH,
    'Sensory and cupping class',
    '',
    rect(0, 0, EW, EH, C.cream) +
      bowls +
      g({ transform: 'translate(300 600)' }, wheel, circle(0, 0, 40, C.paper)) +
      rect(560, 500, 300, 220, C.white, { transform: 'rotate(-6 710 610)' }) +
      stroke(
        d`M600 560 L820 540 M604 600 L800 582 M608 640 L820 620 M612 680 L760 668`,
        C.steelDark,
        5,
      ) +
      g(
        { transform: 'rotate(-30 1000 620)' },
        rect(900, 610, 200, 16, C.steel, { rx: 8 }),
        ellipse(900, 618, 34, 24, C.steel),
      ),
  );
}

function eventPublicCupping(): string {
  const folks = [
    [200, C.teal, '#e8b894', C.roast],
    [380, C.gold, '#c98e63', C.ink],
    [600, C.terracotta, '#f0c8a4', C.coffee],
    [820, C.sage, '#a8724c', C.espresso],
    [1000, C.tealDark, '#e8b894', C.gold],
  ] as const;
  let bowls = '';
  for (let i = 0; i < 6; i++)
    bowls +=
      ellipse(180 + i * 168, 566, 50, 14, C.paper) + ellipse(180 + i * 168, 566, 40, 10, '#5a3421');
  return svgDoc(
    EW,
    EH,
    'Public cupping',
    '',
    rect(0, 0, EW, EH, C.terracottaTint) +
      bunting(60, EW, 60, 16) +
      folks.map(([x, shirt, skin, hair]) => person(x, 590, 1.5, shirt, skin, hair)).join('') +
      rect(80, 570, 1040, 30, C.paper) +
      rect(100, 600, 1000, 200, C.wood) +
      bowls,
  );
}

function eventShowcase(): string {
  return svgDoc(
    EW,
    EH,
    'Competitions and showcases',
    '',
    rect(0, 0, EW, EH, '#2b1a12') +
      path(d`M0 0 L260 0 C220 200 240 500 180 800 L0 800Z`, C.terracotta) +
      path(d`M1200 0 L940 0 C980 200 960 500 1020 800 L1200 800Z`, C.terracotta) +
      rect(0, 0, EW, 60, shade(C.terracotta, -0.25)) +
      path(d`M380 60 L460 60 L620 560 L260 560Z`, C.butter, { opacity: 0.2 }) +
      path(d`M740 60 L820 60 L940 560 L580 560Z`, C.butter, { opacity: 0.2 }) +
      person(600, 470, 1.6, C.teal, '#c98e63', C.ink) +
      rect(330, 470, 540, 130, C.roast) +
      rect(320, 460, 560, 20, C.wood) +
      espressoMachine(470, 460, 0.6, C.steel, C.teal) +
      smallCup(730, 460, 0.9, C.paper) +
      rect(0, 600, EW, 200, '#3d2a20') +
      g(
        { fill: C.ink },
        circle(200, 760, 70, C.ink),
        circle(420, 780, 70, C.ink),
        circle(780, 780, 70, C.ink),
        circle(1000, 760, 70, C.ink),
      ),
  );
}

function eventFestival(): string {
  const tent = (x: number, c: string): string =>
    path(d`M${x - 120} 470 L${x} 330 L${x + 120} 470Z`, c) +
    path(d`M${x - 60} 470 L${x} 330 L${x + 60} 470Z`, C.cream) +
    rect(x - 110, 470, 220, 150, shade(c, 0.5));
  return svgDoc(
    EW,
    EH,
    'Art and coffee festival',
    skyGrad('fv', '#cfe5e1', '#fbf1e3'),
    rect(0, 0, EW, EH, 'url(#fv)') +
      bunting(40, EW, 50, 18) +
      tent(200, C.terracotta) +
      tent(470, C.teal) +
      tent(1010, C.gold) +
      rect(0, 620, EW, 180, C.sage) +
      g(
        { transform: 'translate(740 700)' },
        stroke(d`M-90 0 L-20 -420 M90 0 L20 -420 M0 -420 L0 10`, C.woodDark, 12),
        rect(-110, -380, 220, 170, C.paper, { stroke: C.wood, 'stroke-width': 10 }),
        circle(-40, -310, 36, C.terracotta),
        path(d`M-100 -220 C-40 -290 40 -230 100 -280 L100 -220Z`, C.teal),
        circle(50, -330, 20, C.gold),
      ) +
      g(
        {},
        stroke(d`M1120 420 L1100 620 M1160 380 L1130 620`, C.ink, 2),
        circle(1120, 390, 40, C.terracotta),
        circle(1160, 350, 36, C.teal),
      ) +
      smallCup(380, 700, 1.2, C.paper) +
      smallCup(560, 720, 1, C.terracotta),
  );
}

export function eventScenes(): Scene[] {
  const list = [
    eventLatteWorkshop,
    eventHardware,
    eventFactory,
    eventCompetition,
    eventCupping,
    eventPublicCupping,
    eventShowcase,
    eventFestival,
  ];
  return list.map((f) => {
    const svg = f();
    return { title: /<title id="t">([^<]*)</.exec(svg)?.[1] ?? '', svg };
  });
}
