// The four pictures of each product: the main shot and three gallery framings of the same subject.
import type { ProductArt } from './catalog';
import type { Art } from './drinks';
import { C } from './palette';
import { beans, plant, shadow, smallCup, table } from './props';
import { circle, d, el, ellipse, g, path, rect, shade, stroke, svgDoc } from './svg';

export interface Subject {
  group: 'drink' | 'food' | 'home';
  side: Art;
  /** Top view, when the subject has one (drinks). */
  top?: Art;
}

const S = 600;

function place(art: Art, x: number, y: number, s: number, mirror = false): string {
  return g(
    { transform: `translate(${x} ${y}) scale(${mirror ? -s : s} ${s}) translate(-300 -505)` },
    art.body,
  );
}

function mainShot(p: ProductArt, sub: Subject): string {
  const body =
    rect(0, 0, S, S, p.bg) +
    circle(300, 290, 236, shade(p.bg, 0.45)) +
    circle(300, 290, 236, 'none', {
      stroke: shade(p.bg, -0.08),
      'stroke-width': 2,
      'stroke-dasharray': '2 10',
    }) +
    shadow(300, 510, 200, 24) +
    (sub.group === 'drink'
      ? sub.side.body
      : place(sub.side, 300, sub.group === 'food' ? 490 : 512, sub.group === 'food' ? 1.16 : 1.07));
  return svgDoc(S, S, p.name, sub.side.defs, body);
}

function closeUp(p: ProductArt, sub: Subject): string {
  const [fx, fy] = sub.side.focus;
  const body =
    rect(0, 0, S, S, shade(p.bg, -0.05)) +
    circle(470, 120, 220, shade(p.bg, 0.3)) +
    g({ transform: `translate(300 320) scale(1.8) translate(${-fx} ${-fy})` }, sub.side.body);
  return svgDoc(S, S, `${p.name}, close-up`, sub.side.defs, body);
}

function wallDecor(kind: number, wall: string, bg: string): string {
  if (kind === 0) {
    return (
      rect(400, 50, 150, 190, shade(wall, -0.12), { rx: 6 }) +
      rect(414, 64, 122, 162, shade(bg, -0.04)) +
      circle(475, 150, 40, shade(bg, -0.2))
    );
  }
  if (kind === 1) {
    return (
      circle(470, 140, 70, C.roast) +
      circle(470, 140, 60, C.paper) +
      stroke(d`M470 140 L470 98 M470 140 L500 156`, C.ink, 6) +
      circle(470, 140, 6, C.terracotta)
    );
  }
  return (
    rect(380, 40, 190, 220, C.paper, { rx: 6 }) +
    rect(392, 52, 166, 196, C.sky) +
    path(d`M392 200 C440 170 480 190 558 160 L558 248 L392 248Z`, C.sage) +
    rect(471, 52, 8, 196, C.paper) +
    rect(392, 146, 166, 8, C.paper)
  );
}

function onTable(p: ProductArt, sub: Subject): string {
  const wall = shade(p.bg, 0.2);
  let props = '';
  if (sub.group === 'drink') {
    // a biscuit on a side plate and a spoon
    props =
      ellipse(470, 500, 80, 18, shade(C.paper, -0.1)) +
      ellipse(470, 496, 80, 18, C.paper) +
      ellipse(470, 486, 44, 14, C.caramel) +
      ellipse(470, 482, 44, 14, '#d9a56a') +
      circle(458, 480, 3, C.roast) +
      circle(482, 484, 3, C.roast) +
      circle(470, 476, 3, C.roast) +
      path(d`M380 560 L520 540`, 'none', {
        stroke: C.steel,
        'stroke-width': 8,
        'stroke-linecap': 'round',
      }) +
      ellipse(372, 561, 16, 10, C.steel);
  } else if (sub.group === 'food') {
    props =
      smallCup(485, 500, 0.95, C.paper, C.caramel) +
      stroke(d`M60 560 L200 548`, C.steel, 7) +
      stroke(d`M70 578 L210 566`, C.steel, 7);
  } else {
    props = smallCup(480, 505, 0.9, C.teal, C.coffee) + beans(p.id * 13, 380, 520, 190, 40, 9, 1.1);
  }
  const body =
    rect(0, 0, S, S, wall) +
    wallDecor(p.id % 3, wall, p.bg) +
    table(S, S, 440, p.id % 2 === 0 ? C.wood : shade(C.wood, -0.12)) +
    shadow(235, 486, 160, 16) +
    place(sub.side, 235, 482, 0.82) +
    props;
  return svgDoc(S, S, `${p.name} on the table`, sub.side.defs, body);
}

function topView(p: ProductArt, sub: Subject, top: Art): string {
  const tile = shade(p.bg, -0.06);
  const pattern = el(
    'pattern',
    { id: 'tp', width: 40, height: 40, patternUnits: 'userSpaceOnUse' },
    circle(20, 20, 3, tile),
  );
  const body = rect(0, 0, S, S, shade(p.bg, 0.1)) + rect(0, 0, S, S, 'url(#tp)') + top.body;
  return svgDoc(S, S, `${p.name}, seen from above`, pattern + top.defs, body);
}

function onBoard(p: ProductArt, sub: Subject): string {
  const wood = p.id % 2 === 0 ? C.roast : C.tealDark;
  let planks = '';
  for (let y = 0; y < S; y += 100) planks += `M0 ${y}H${S}`;
  const body =
    rect(0, 0, S, S, wood) +
    path(planks, 'none', { stroke: shade(wood, -0.25), 'stroke-width': 4 }) +
    ellipse(300, 440, 290, 150, shade(p.bg, -0.08)) +
    ellipse(300, 436, 290, 150, p.bg) +
    rect(-30, 40, 190, 140, C.terracottaLight, { rx: 8, transform: 'rotate(-12 65 110)' }) +
    stroke(d`M-10 80 L150 46 M-4 110 L156 76`, C.paper, 3, { opacity: 0.5 }) +
    stroke(d`M470 60 L560 210`, C.steel, 10) +
    stroke(d`M515 50 L590 180`, C.steel, 8) +
    place(sub.side, 300, 500, 0.95, true);
  return svgDoc(S, S, `${p.name} served at the table`, sub.side.defs, body);
}

function onShelf(p: ProductArt, sub: Subject): string {
  const wall = shade(p.bg, 0.25);
  const shelf = (y: number): string =>
    rect(30, y, 540, 20, C.wood, { rx: 3 }) +
    rect(30, y + 20, 540, 6, C.woodDark) +
    rect(90, y + 26, 14, 34, C.ink) +
    rect(496, y + 26, 14, 34, C.ink);
  const books =
    rect(380, 80, 30, 100, C.teal) +
    rect(412, 94, 26, 86, C.terracotta) +
    rect(440, 70, 34, 110, C.caramel) +
    rect(478, 96, 50, 84, C.roast, { transform: 'rotate(8 503 180)' });
  const body =
    rect(0, 0, S, S, wall) +
    shelf(180) +
    books +
    smallCup(150, 180, 0.7, C.paper, C.coffee) +
    shelf(490) +
    place(sub.side, 250, 490, 0.68) +
    plant(480, 490, 0.95, C.teal);
  return svgDoc(S, S, `${p.name} on the shelf`, sub.side.defs, body);
}

/** n = 1 is the main image; 2..4 are gallery framings. */
export function productImage(p: ProductArt, sub: Subject, n: number): string {
  if (n === 1) return mainShot(p, sub);
  if (n === 2) return closeUp(p, sub);
  if (n === 3) return onTable(p, sub);
  if (sub.top) return topView(p, sub, sub.top);
  return sub.group === 'food' ? onBoard(p, sub) : onShelf(p, sub);
}
