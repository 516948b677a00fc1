import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * One route of spec 2, relative to `/{lang}`. Views are code-split (each its own chunk), except the Auth pages. Who
 * may open it is not here: `routeAccess` in src/domain/routes.rules.ts decides from the path.
 */
export interface AppRoute {
  /** wouter pattern under the language segment */
  readonly path: string;
  readonly view: LazyExoticComponent<ComponentType> | ComponentType;
  /** Auth and new-client pages show the 'login as employee' link in the footer (spec 2). */
  readonly employeeLogin?: boolean;
  /** The view is bundled with the app (the Auth pages), not a chunk: nothing to wait for, so no Suspense boundary,
   *  and its prerendered markup is hydrated in the same task as the shell's (docs/decisions.md LB23). */
  readonly bundled?: true;
}
