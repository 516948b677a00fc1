/**
 * What every state of every chart carries for testers and views: `view` says in prose what the screen shows in that
 * state (read by people and shown in the exported charts; no test can check prose), `testId` is the `data-testid` of
 * an element that is on screen in that state, when there is one (the view walks assert it).
 */
export interface StateMeta {
  readonly view: string;
  readonly testId?: string;
  /**
   * Key of the state's ru/uz title and spec line in src/machines/titles/<machine id>.titles.json, read by the chart
   * exporter (scripts/charts.ts). Defaults to the state's path below the root (`authenticated.main.ready`); set it
   * only when two states should share a title or a state is renamed.
   */
  readonly title?: string;
}
