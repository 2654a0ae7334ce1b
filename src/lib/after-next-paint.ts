/**
 * Runs `task` once the browser has painted the current frame: in a task after the next animation
 * frame. A handler that shows its feedback first (a tab chosen) and leaves the heavy part (new
 * results, a new address) to `task` lets the tap's paint wait for nothing heavy (INP, issue 27).
 * Where there are no frames (jsdom), it runs in the next task.
 */
export function afterNextPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(task, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(task, 0));
}

/** `afterNextPaint` as a promise: `await nextPaint()` lets the frame that shows a tap go first. */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => afterNextPaint(resolve));
}
