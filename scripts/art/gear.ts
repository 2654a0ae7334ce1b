// Larger props drawn in several scenes: espresso machine, grinder, pitcher, kettle, dripper.
import { C } from './palette';
import { circle, d, ellipse, g, path, poly, rect, shade, stroke } from './svg';

/** Espresso machine; (x, y) is the bottom centre. About 320 wide and 260 tall at s = 1. */
export function espressoMachine(
  x: number,
  y: number,
  s: number,
  body: string = C.steel,
  accent: string = C.terracotta,
): string {
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    rect(-160, -250, 320, 40, shade(body, -0.15), { rx: 10 }),
    rect(-150, -216, 300, 200, body, { rx: 12 }),
    rect(-150, -216, 300, 26, accent),
    circle(-90, -150, 22, C.paper, { stroke: C.steelDark, 'stroke-width': 5 }),
    circle(90, -150, 22, C.paper, { stroke: C.steelDark, 'stroke-width': 5 }),
    stroke(d`M-90 -150 L-80 -162 M90 -150 L98 -140`, C.ink, 3),
    rect(-40, -176, 80, 40, shade(body, -0.25), { rx: 6 }),
    rect(-62, -128, 44, 20, C.steelDark, { rx: 4 }),
    rect(18, -128, 44, 20, C.steelDark, { rx: 4 }),
    rect(-50, -108, 20, 16, C.ink),
    rect(30, -108, 20, 16, C.ink),
    rect(-170, -20, 340, 20, shade(body, -0.3), { rx: 6 }),
    rect(-140, -40, 280, 12, C.steelDark, { rx: 3 }),
    path(d`M-58 -40 L-30 -40 L-34 -72 L-54 -72Z`, C.paper),
    path(d`M30 -40 L58 -40 L54 -72 L34 -72Z`, C.paper),
  );
}

export function grinder(x: number, y: number, s: number, body: string = C.ink): string {
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    path(d`M-50 -300 L50 -300 L24 -220 L-24 -220Z`, C.white, {
      'fill-opacity': 0.5,
      stroke: C.steelDark,
      'stroke-width': 3,
    }),
    path(d`M-40 -268 L40 -268 L24 -224 L-24 -224Z`, C.roast),
    rect(-40, -220, 80, 140, body, { rx: 10 }),
    rect(-50, -20, 100, 20, body, { rx: 6 }),
    rect(-30, -80, 60, 60, shade(body, 0.15)),
    circle(0, -170, 14, C.terracotta),
  );
}

/** Steel milk pitcher seen from the side; (x, y) is the bottom centre. */
export function pitcher(x: number, y: number, s: number, rot = 0): string {
  return g(
    { transform: `translate(${x} ${y}) rotate(${rot}) scale(${s})` },
    stroke(d`M44 -90 C84 -88 84 -30 40 -30`, C.steelDark, 12),
    path(d`M-46 -110 L46 -110 L54 0 L-54 0Z`, C.steel),
    path(d`M-46 -110 L-70 -124 L-40 -100Z`, C.steel),
    stroke(d`M-30 -96 L-36 -12`, C.white, 8, { opacity: 0.7 }),
  );
}

export function kettle(x: number, y: number, s: number, color: string = C.ink): string {
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    stroke(d`M-60 -90 C-100 -100 -130 -140 -170 -150`, color, 12),
    path(d`M-80 0 L80 0 L70 -120 C60 -140 -60 -140 -70 -120Z`, color),
    stroke(d`M60 -120 C120 -120 120 -20 70 -30`, shade(color, 0.2), 14),
    ellipse(0, -134, 40, 10, shade(color, 0.2)),
    circle(0, -146, 10, C.wood),
  );
}

export function dripper(x: number, y: number, s: number, color: string = C.paper): string {
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    path(d`M-70 -200 L70 -200 L22 -120 L-22 -120Z`, color),
    stroke(d`M-40 -186 L-10 -130 M0 -186 L0 -130 M40 -186 L10 -130`, shade(color, -0.12), 3),
    rect(-50, -124, 100, 10, shade(color, -0.1), { rx: 4 }),
    path(d`M-60 -114 L60 -114 L66 -10 Q66 0 56 0 L-56 0 Q-66 0 -66 -10Z`, C.white, {
      'fill-opacity': 0.35,
      stroke: '#8fb3ae',
      'stroke-width': 3,
    }),
    path(d`M-62 -50 L62 -50 L64 -10 Q64 -4 56 -4 L-56 -4 Q-64 -4 -64 -10Z`, C.coffee),
  );
}

export function jar(x: number, y: number, s: number, liquid: string): string {
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    rect(-120, -400, 240, 400, C.white, {
      rx: 40,
      'fill-opacity': 0.35,
      stroke: C.white,
      'stroke-width': 6,
    }),
    rect(-110, -300, 220, 292, liquid, { rx: 34 }),
    rect(-100, -440, 200, 50, C.steel, { rx: 8 }),
    stroke(d`M-100 -425 L100 -425 M-100 -408 L100 -408`, C.steelDark, 3),
    stroke(d`M-80 -260 L-80 -60`, C.white, 12, { opacity: 0.45 }),
  );
}

export function trophy(x: number, y: number, s: number): string {
  return g(
    { transform: `translate(${x} ${y}) scale(${s})` },
    rect(-80, -40, 160, 40, C.roast, { rx: 4 }),
    rect(-20, -110, 40, 74, C.gold),
    stroke(
      d`M-80 -270 C-150 -270 -140 -170 -60 -180 M80 -270 C150 -270 140 -170 60 -180`,
      shade(C.gold, -0.15),
      16,
    ),
    path(d`M-95 -290 L95 -290 C95 -180 50 -110 0 -110 C-50 -110 -95 -180 -95 -290Z`, C.gold),
    stroke(d`M-60 -270 C-60 -200 -40 -160 -14 -140`, C.white, 10, { opacity: 0.4 }),
    poly(
      [
        [0, -250],
        [12, -222],
        [42, -220],
        [18, -202],
        [26, -172],
        [0, -188],
        [-26, -172],
        [-18, -202],
        [-42, -220],
        [-12, -222],
      ],
      shade(C.gold, 0.4),
    ),
  );
}
