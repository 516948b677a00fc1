/**
 * What every state of every chart carries for testers and views: `view` says what the screen shows in that state
 * (asserted by view path tests), `testId` is the `data-testid` of an element that is on screen in that state, when
 * there is one.
 */
export interface StateMeta {
  readonly view: string;
  readonly testId?: string;
}
