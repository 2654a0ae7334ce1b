// The CPU slowdown of the phone benchmarks, fitted to the machine they run on (`--calibrate` of
// bench:lighthouse and bench:interactive). A slowdown is relative to the machine: Lighthouse's
// 4x is made for a machine whose benchmarkIndex is in the high-end desktop bracket (1,500 to
// 2,000), which it lands in the mid-tier mobile bracket; a machine above that bracket should slow
// down more (Lighthouse's docs/throttling.md, "Calibrating the CPU slowdown"). This machine's
// index ranges from under 1,000 to over 2,800 from one hour to the next (docs/performance.md), so
// a fixed 4x measures a different phone each time.
//
// The calibrated slowdown is 4x scaled by the measured index over the bracket's middle, and never
// under 4x: a calibrated run is never more lenient than the defaults the budgets are written for.
import type { Page } from 'playwright-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** The middle of the bracket Lighthouse's default 4x is made for. */
const REFERENCE_BENCHMARK_INDEX = 1750;
/** Lighthouse's default mobile CPU slowdown, and the phone profile (issue 27). */
export const DEFAULT_CPU_SLOWDOWN = 4;

/** The slowdown that puts a machine of this index where 4x puts the reference machine. */
export function calibratedSlowdown(benchmarkIndex: number): number {
  const scaled = (DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.max(DEFAULT_CPU_SLOWDOWN, Math.round(scaled * 10) / 10);
}

/**
 * Lighthouse's own benchmarkIndex, run in a page of the browser (unthrottled), median of three
 * (one second each): the same function Lighthouse runs at the start of each of its runs.
 */
export async function measureBenchmarkIndex(page: Page): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    values.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  }
  values.sort((a, b) => a - b);
  return Math.round(values[1] ?? Number.NaN);
}
