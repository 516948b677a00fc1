import { type ReactNode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * React takes over `root`. Markup the build rendered ahead (docs/decisions.md LB12, LB17) is hydrated at once, in one
 * task: hydrated in slices, a field typed into between two slices could lose what was typed. An empty root (a
 * signed-in page) is rendered inside a transition, so that React renders in slices of a few milliseconds and gives the
 * main thread back between them instead of blocking it for the whole first render (docs/decisions.md LB18).
 */
export function mountRoot(root: HTMLElement, app: ReactNode): void {
  if (root.firstElementChild) hydrateRoot(root, app);
  else startTransition(() => createRoot(root).render(app));
}
