// Records the "brew bar" space's short looping video (public/media/spaces/9.webm, committed):
// a pour-over at the bar, drawn on a canvas in Chromium and recorded with MediaRecorder (VP8).
// Not deterministic byte for byte (a recording), so its output is committed rather than made
// on every build; run it again only to change the video.
// Run: npx tsx scripts/generate-space-video.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../tests/e2e/support/browser';
import { C } from './art/palette';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'public', 'media', 'spaces', '9.webm');

const WIDTH = 640;
const HEIGHT = 360;
const SECONDS = 4;
const FPS = 24;
const BITS_PER_SECOND = 280_000;

/** Runs in the page: draws the scene at time t (seconds) on the canvas. */
function pageScript({
  palette,
  width,
  height,
}: {
  palette: typeof C;
  width: number;
  height: number;
}): void {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.append(canvas);
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2d context');
  const P = palette;

  function rect(x: number, y: number, w: number, h: number, fill: string) {
    g!.fillStyle = fill;
    g!.fillRect(x, y, w, h);
  }

  function draw(t: number) {
    const ctx = g!;
    // Warm wall with a window of soft light that drifts slowly.
    rect(0, 0, width, height, P.wall);
    const glow = ctx.createRadialGradient(470 + Math.sin(t) * 8, 90, 10, 470, 90, 260);
    glow.addColorStop(0, 'rgba(255, 244, 214, 0.85)');
    glow.addColorStop(1, 'rgba(255, 244, 214, 0)');
    ctx.fillStyle = glow;
    ctx.fillRect(0, 0, width, height);
    rect(400, 30, 150, 110, P.sky);
    rect(400, 30, 150, 6, P.woodDark);
    rect(472, 30, 6, 110, P.woodDark);
    rect(400, 82, 150, 5, P.woodDark);
    // Shelves with jars and cups.
    rect(40, 70, 300, 8, P.woodDark);
    rect(40, 140, 300, 8, P.woodDark);
    const jars = [P.caramel, P.coffee, P.latte, P.mocha, P.terracotta, P.tealLight];
    jars.forEach((colour, i) => {
      rect(52 + i * 48, 36, 30, 34, colour);
      rect(52 + i * 48, 32, 30, 6, P.roast);
      rect(56 + i * 48, 108, 26, 32, i % 2 ? P.cream : P.teal);
    });
    // Hanging lamp swinging gently.
    const swing = Math.sin(t * 1.6) * 6;
    ctx.strokeStyle = P.ink;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(300, 0);
    ctx.lineTo(300 + swing, 40);
    ctx.stroke();
    ctx.fillStyle = P.tealDark;
    ctx.beginPath();
    ctx.moveTo(280 + swing, 58);
    ctx.lineTo(320 + swing, 58);
    ctx.lineTo(310 + swing, 40);
    ctx.lineTo(290 + swing, 40);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = 'rgba(243, 210, 122, 0.35)';
    ctx.beginPath();
    ctx.arc(300 + swing, 60, 16, 0, Math.PI * 2);
    ctx.fill();
    // The bar counter.
    rect(0, 250, width, 110, P.woodDark);
    rect(0, 240, width, 14, P.wood);
    for (let x = 0; x < width; x += 80) rect(x, 262, 3, 98, P.roast);
    // Scale, carafe and dripper.
    rect(230, 226, 120, 14, P.steelDark);
    ctx.fillStyle = 'rgba(207, 229, 225, 0.55)';
    ctx.beginPath();
    ctx.moveTo(252, 226);
    ctx.lineTo(328, 226);
    ctx.lineTo(318, 170);
    ctx.lineTo(262, 170);
    ctx.closePath();
    ctx.fill();
    // Coffee rising in the carafe as the pour goes on (loops every SECONDS).
    const fill = 8 + ((t % 4) / 4) * 34;
    ctx.fillStyle = P.chocolate;
    ctx.beginPath();
    ctx.moveTo(254, 224);
    ctx.lineTo(326, 224);
    ctx.lineTo(326 - fill * 0.18, 224 - fill);
    ctx.lineTo(254 + fill * 0.18, 224 - fill);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = P.cream;
    ctx.beginPath();
    ctx.moveTo(250, 150);
    ctx.lineTo(330, 150);
    ctx.lineTo(302, 172);
    ctx.lineTo(278, 172);
    ctx.closePath();
    ctx.fill();
    rect(246, 146, 88, 6, P.paper);
    // Drip from the cone.
    const drip = (t * 3) % 1;
    ctx.fillStyle = P.coffee;
    ctx.beginPath();
    ctx.arc(290, 176 + drip * 40, 2.5, 0, Math.PI * 2);
    ctx.fill();
    // Gooseneck kettle pouring a thin stream that wavers.
    ctx.fillStyle = P.ink;
    ctx.beginPath();
    ctx.ellipse(410, 150, 46, 38, 0, 0, Math.PI * 2);
    ctx.fill();
    rect(396, 104, 28, 10, P.ink);
    ctx.strokeStyle = P.ink;
    ctx.lineWidth = 7;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(370, 170);
    ctx.quadraticCurveTo(330, 160, 318, 104);
    ctx.stroke();
    ctx.strokeStyle = P.steel;
    ctx.lineWidth = 5;
    ctx.beginPath();
    ctx.arc(452, 146, 22, -1.2, 1.2);
    ctx.stroke();
    ctx.strokeStyle = 'rgba(226, 238, 240, 0.9)';
    ctx.lineWidth = 2.2;
    ctx.beginPath();
    ctx.moveTo(316, 106);
    ctx.quadraticCurveTo(300 + Math.sin(t * 9) * 2, 125, 292, 150);
    ctx.stroke();
    // Steam curling up from the dripper and a cup on the bar.
    ctx.lineWidth = 3;
    for (const [x0, phase] of [
      [290, 0],
      [110, 1.7],
      [130, 3.1],
    ] as const) {
      for (let k = 0; k < 2; k += 1) {
        const rise = ((t * 0.45 + k * 0.5 + phase) % 1) * 70;
        ctx.strokeStyle = `rgba(255, 255, 255, ${0.55 * (1 - rise / 70)})`;
        ctx.beginPath();
        const baseY = (x0 === 290 ? 140 : 200) - rise;
        ctx.moveTo(x0, baseY);
        ctx.bezierCurveTo(x0 - 10, baseY - 10, x0 + 10, baseY - 20, x0, baseY - 30);
        ctx.stroke();
      }
    }
    // A cup and saucer at the left.
    rect(92, 236, 60, 6, P.cream);
    rect(100, 206, 44, 32, P.terracotta);
    rect(104, 206, 36, 5, P.chocolate);
    ctx.strokeStyle = P.terracotta;
    ctx.lineWidth = 5;
    ctx.beginPath();
    ctx.arc(146, 220, 9, -1.3, 1.3);
    ctx.stroke();
    // A plant at the right edge, its leaves breathing.
    rect(560, 200, 48, 44, P.terracottaLight);
    ctx.fillStyle = P.leaf;
    for (let i = 0; i < 5; i += 1) {
      const a = -Math.PI / 2 + (i - 2) * 0.5 + Math.sin(t * 1.3 + i) * 0.05;
      ctx.beginPath();
      ctx.ellipse(
        584 + Math.cos(a) * 30,
        196 + Math.sin(a) * 30,
        9,
        24,
        a + Math.PI / 2,
        0,
        Math.PI * 2,
      );
      ctx.fill();
    }
  }

  const w = window as unknown as {
    record: (seconds: number, fps: number, bps: number) => Promise<string>;
  };
  w.record = (seconds, fps, bps) =>
    new Promise((resolve, reject) => {
      const stream = canvas.captureStream(fps);
      const recorder = new MediaRecorder(stream, {
        mimeType: 'video/webm;codecs=vp8',
        videoBitsPerSecond: bps,
      });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      recorder.onerror = () => reject(new Error('recording failed'));
      recorder.onstop = () => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
        reader.readAsDataURL(new Blob(chunks, { type: 'video/webm' }));
      };
      const started = performance.now();
      draw(0);
      recorder.start();
      const frame = () => {
        const t = (performance.now() - started) / 1000;
        draw(t);
        if (t < seconds) requestAnimationFrame(frame);
        else recorder.stop();
      };
      requestAnimationFrame(frame);
    });
}

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  // tsx names functions through a `__name` helper that the page does not have.
  await page.evaluate('window.__name = (f) => f');
  await page.evaluate(pageScript, { palette: C, width: WIDTH, height: HEIGHT });
  const base64 = await page.evaluate(
    ([seconds, fps, bps]) =>
      (
        window as unknown as { record: (s: number, f: number, b: number) => Promise<string> }
      ).record(seconds, fps, bps),
    [SECONDS, FPS, BITS_PER_SECOND] as const,
  );
  // Chromium finalises the file itself: Duration, SeekHead and Cues are written.
  const bytes = Buffer.from(base64, 'base64');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, bytes);
  console.log(
    `generate-space-video: wrote ${relative(root, out)} (${(bytes.length / 1024).toFixed(1)} KB)`,
  );
} finally {
  await browser.close();
}
