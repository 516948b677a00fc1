/**
 * Resolves in a later task, so that what comes after it does not run in the same long task as what came before: the
 * browser paints and handles input in between (docs/decisions.md LB19). `scheduler.yield()` where the browser has it
 * (it resumes ahead of other queued tasks), else a message to the page's own channel (no 4 ms timer clamp), else a
 * timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
