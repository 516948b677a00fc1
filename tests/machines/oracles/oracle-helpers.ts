/**
 * Small readers the oracle tables use to state a guard outcome in the spec's terms, without importing the chart
 * under test: an API failure's catalogue code, an E-IMZO failure's kind, a done event's output.
 */

// biome-ignore lint/suspicious/noExplicitAny: oracle tables read loosely typed events on purpose
type Ev = Record<string, any>;

/** Catalogue code of a rejected call (`ApiFailure.code`: 'E009', 'network', 'http.500', …), else undefined. */
export const apiCode = (ev: Ev): string | undefined =>
  typeof ev.error?.code === 'string' ? (ev.error.code as string) : undefined;

/** Kind of an E-IMZO module failure (`EimzoFailure.error.kind`), else undefined. */
export const eimzoKind = (ev: Ev): string | undefined =>
  typeof ev.error?.error?.kind === 'string' ? (ev.error.error.kind as string) : undefined;

/** Status of an E-IMZO generic failure. */
export const eimzoStatus = (ev: Ev): number | undefined => ev.error?.error?.status as number | undefined;

/** `xstate.done.actor.<id>` / `xstate.error.actor.<id>`. */
export const done = (id: string) => `xstate.done.actor.${id}`;
export const failed = (id: string) => `xstate.error.actor.${id}`;

/** Spec 8: E009 means the session is missing, closed or expired. */
export const isE009 = (ev: Ev) => apiCode(ev) === 'E009';

/** The code a chart keeps for a rejected call (conventions: errors live in context as codes); 'unknown' without one. */
export const codeOf = (ev: Ev): string => apiCode(ev) ?? 'unknown';
