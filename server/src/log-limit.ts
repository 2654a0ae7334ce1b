// One line per failure a caller can cause, and few of them (issue 28): a render that fails on a
// shopper's odd address is not worth a stack trace, and a flood of them must not fill the disk.

/** At most one line per `intervalMs`; the next line written says how many were left out. */
export function rateLimitedLine(
  write: (line: string) => void,
  intervalMs: number,
  now: () => number = Date.now,
): (line: string) => void {
  let last = Number.NEGATIVE_INFINITY;
  let skipped = 0;
  return (line) => {
    const t = now();
    if (t - last < intervalMs) {
      skipped += 1;
      return;
    }
    last = t;
    write(skipped > 0 ? `${line} (${skipped} more like it not logged)` : line);
    skipped = 0;
  };
}

/** An error as one short line: its message's first line, no stack. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (text.split('\n')[0] ?? '').slice(0, 200);
}
