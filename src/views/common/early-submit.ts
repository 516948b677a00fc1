/**
 * A form sent before it could be acted on (docs/decisions.md LB16). A prerendered page is on screen before its
 * scripts have run, and a visitor may type and press Enter then; an Auth form may also be sent while the session
 * check runs, before there is an Auth flow to take it. Such a submit is held here and the form's view sends it again
 * once it can (reading what is typed then).
 */
let held: EventTarget | null = null;

/** Holds `form`'s submit until its view can send it. */
export function holdSubmit(form: EventTarget | null): void {
  held = form;
}

/**
 * Holds every submit no view handled (the event reaches the window with its default not prevented): before the app
 * has taken the page over, every submit. None then sends what was typed anywhere or reloads the page (the prerendered
 * forms say `method="dialog"` besides, for a visitor faster than this script). Installed by the entry's first import
 * (src/early.ts), before the rest of the app is evaluated, which `onHeld` tells of each such form (it sends the login
 * form's call and starts the app: docs/decisions.md LB23); once React has the page, every form's view prevents the
 * default itself and this does nothing.
 */
export function holdEarlySubmits(win: Window, onHeld: (form: HTMLFormElement) => void): void {
  win.addEventListener('submit', (e) => {
    if (e.defaultPrevented) return;
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    holdSubmit(form);
    onHeld(form);
  });
}

/** True once, when `form`'s submit was held. */
export function takeHeldSubmit(form: HTMLFormElement): boolean {
  if (held !== form) return false;
  held = null;
  return true;
}
