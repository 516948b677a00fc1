/**
 * Runs `fn` once the next frame is painted and the page has nothing more urgent to do: an idle callback requested
 * from the next animation frame (at most 200 ms later; a timer where the browser has no idle callbacks), or after
 * 100 ms when no frame comes (a hidden tab gets none), or at once outside a browser. Returns a cancel. For background
 * work that must not delay the frame a user action is waiting for (the number list's later rows, its prefetch).
 */
export function whenPaintedAndIdle(fn: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    fn();
    return () => undefined;
  }
  let idle = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fallback = setTimeout(fn, 100);
  const frame = requestAnimationFrame(() => {
    clearTimeout(fallback);
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(fn, { timeout: 200 });
    else timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(timer);
    if (idle && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
  };
}
