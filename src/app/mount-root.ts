import { type ReactNode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * React takes over `root`: hydrates the markup the build rendered ahead (docs/decisions.md LB12, LB17), or renders into
 * an empty root. Inside a transition, so that React renders in slices of a few milliseconds and gives the main thread
 * back between them (typing, painting) instead of blocking it for the whole first render (docs/decisions.md LB18).
 */
export function mountRoot(root: HTMLElement, app: ReactNode): void {
  startTransition(() => {
    if (root.firstElementChild) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
