import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { type Chart, flattenNodes } from './chart-model';

/** Where each chart's ru/uz titles live: `src/machines/titles/<machine id>.titles.json`. */
export const TITLES_DIR = join(import.meta.dirname, '..', '..', 'src', 'machines', 'titles');

const title = z.strictObject({ ru: z.string(), uz: z.string() });

/**
 * The analyst-facing names of one chart, in both portal languages. States are keyed by their `titleKey` (the
 * state's `meta.title`, else its path below the root; the root itself is `chart`) and carry the spec line they
 * implement as `§<section>:<line>` of portal-spec.md. Events are keyed by their type; invokes by their id (their
 * `done`/`error` results are named after them).
 */
export const chartTitlesSchema = z.strictObject({
  chart: title,
  states: z.record(z.string(), title.extend({ spec: z.string() })),
  events: z.record(z.string(), title),
  invokes: z.record(z.string(), title),
});

export type Title = z.infer<typeof title>;
export type ChartTitles = z.infer<typeof chartTitlesSchema>;

export const SPEC_REF = /^§(\d+):(\d+)$/;

/** A spec reference split into its section and line: `§4:160` → `{ section: '4', line: 160 }`. */
export function specRef(ref: string): { section: string; line: number } | undefined {
  const m = SPEC_REF.exec(ref);
  return m?.[1] && m[2] ? { section: m[1], line: Number(m[2]) } : undefined;
}

/** The titles file of a machine, parsed; `undefined` when there is none. Throws when it is malformed. */
export function loadChartTitles(machineId: string, dir: string = TITLES_DIR): ChartTitles | undefined {
  const file = join(dir, `${machineId}.titles.json`);
  if (!existsSync(file)) return undefined;
  const parsed = chartTitlesSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The event types a chart's edges are triggered by that need a title (invoke results are named by the invoke). */
export function titledEvents(chart: Chart): string[] {
  return [...new Set(chart.edges.filter((e) => e.kind === 'event').map((e) => e.eventType))];
}

/**
 * What a chart lacks in its titles: every state, event and invoke needs a non-empty ru and uz title, every state
 * a spec reference. Returns the problems, empty when complete.
 */
export function missingTitles(chart: Chart, titles: ChartTitles | undefined): string[] {
  if (!titles) return [`${chart.id}: no titles file src/machines/titles/${chart.id}.titles.json`];
  const problems: string[] = [];
  const check = (what: string, t: Title | undefined) => {
    if (!t) problems.push(`${chart.id}: ${what} has no title`);
    else {
      if (!t.ru.trim()) problems.push(`${chart.id}: ${what} has no ru title`);
      if (!t.uz.trim()) problems.push(`${chart.id}: ${what} has no uz title`);
    }
  };
  check('the chart', titles.chart);
  for (const node of flattenNodes(chart.root).slice(1)) {
    const t = titles.states[node.titleKey];
    check(`state '${node.titleKey}'`, t);
    if (t && !specRef(t.spec)) problems.push(`${chart.id}: state '${node.titleKey}' has no spec reference`);
  }
  for (const type of titledEvents(chart)) check(`event '${type}'`, titles.events[type]);
  const invokes = new Set(flattenNodes(chart.root).flatMap((n) => n.invokes.map((i) => i.id)));
  for (const id of invokes) check(`invoke '${id}'`, titles.invokes[id]);
  return problems;
}

/** Titles of the chart elements every chart has: they need no titles file. */
export const BUILT_IN_TITLES = {
  anyState: { ru: 'любое состояние', uz: 'istalgan holat' },
  always: { ru: 'сразу', uz: 'darhol' },
  done: { ru: 'все части завершены', uz: 'barcha qismlar tugadi' },
} as const satisfies Record<string, Title>;

/**
 * Human label of an edge's trigger: the event's title, `✓`/`✗` + the invoke's title for its results, built-in
 * titles for `always`, `after` and a compound state's completion.
 */
export function triggerTitle(
  edge: Chart['edges'][number],
  titles: ChartTitles | undefined,
): Title | undefined {
  if (!titles) return undefined;
  if (edge.kind === 'always') return BUILT_IN_TITLES.always;
  if (edge.kind === 'done.state') return BUILT_IN_TITLES.done;
  if (edge.kind === 'after') {
    const delay = edge.trigger.replace(/^after /, '');
    return { ru: `через ${delay}`, uz: `${delay} dan keyin` };
  }
  if (edge.kind === 'event') return titles.events[edge.eventType];
  if (edge.kind === 'done.actor' || edge.kind === 'error.actor') {
    const id = edge.trigger.replace(/\.(done|error)$/, '');
    const t = titles.invokes[id];
    const mark = edge.kind === 'done.actor' ? '✓' : '✗';
    return t ? { ru: `${mark} ${t.ru}`, uz: `${mark} ${t.uz}` } : undefined;
  }
  return undefined;
}
