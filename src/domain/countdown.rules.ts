/**
 * A countdown as people read it on a button's hint: `m:ss` under an hour (`0:42`, `4:05`), `h:mm:ss` from an hour
 * (`1:00:00`). Negative or fractional seconds are rounded up to whole seconds from 0.
 */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.ceil(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
