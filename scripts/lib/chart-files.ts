import type { MachineEntry } from '../../src/machines/registry';
import { chartOracles } from '../../tests/machines/oracles';
import type { ChartOracle } from '../../tests/support/oracle';
import { type CoverageFile, loadCoverage } from './chart-coverage';
import { type Chart, flattenNodes, toChart } from './chart-model';
import { type ChartTitles, loadChartTitles } from './chart-titles';
import { dotToSvg, toDot } from './dot';
import { type ExplorerArea, explorerData } from './explorer-data';
import { toExplorerHtml } from './explorer-html';
import { toMermaid } from './mermaid';
import { toScxml } from './scxml';
import { loadSpecLines, type SpecLines } from './spec-lines';
import { toStatelyJson } from './stately-json';
import { loadManifests } from './workflow-index';

/** Extensions written per machine into docs/statecharts. */
export const CHART_EXTENSIONS = ['mmd', 'scxml', 'json', 'svg'] as const;

/** Files of docs/statecharts written by `npm run charts` beside the per-chart ones. */
export const CHART_DATA_FILES = ['coverage.json', 'spec-lines.json'] as const;

function html(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The SVG of a chart without its XML prolog, doctype and comments, to be inlined in index.html. */
export function inlineSvg(svg: string): string {
  return svg
    .replace(/<\?xml[^>]*>\s*/g, '')
    .replace(/<!DOCTYPE[^>]*>\s*/g, '')
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .trim();
}

interface IndexChart {
  readonly entry: MachineEntry;
  readonly chart: Chart;
  readonly titles: ChartTitles | undefined;
  readonly svg: string;
}

const ZOOMS = [
  { id: 'fit', label: 'по ширине · ekran boʻyicha', css: 'width:100%' },
  { id: '50', label: '50%', css: 'width:calc(var(--w) * 0.5)' },
  { id: '100', label: '100%', css: 'width:var(--w)' },
  { id: '150', label: '150%', css: 'width:calc(var(--w) * 1.5)' },
] as const;

/**
 * The charts index: every chart inline (so its links work) at full size in a scrolling viewport (scroll to pan),
 * with CSS-only zoom buttons, its titles in both languages, its parent and child charts and its files. No script.
 */
export function toIndexHtml(items: readonly IndexChart[]): string {
  const byId = new Map(items.map((i) => [i.entry.id, i]));
  const name = (id: string) => {
    const t = byId.get(id)?.titles?.chart;
    return t ? `${t.ru} · ${t.uz}` : id;
  };
  const childrenOf = (i: IndexChart) =>
    [...new Set(flattenNodes(i.chart.root).flatMap((n) => n.invokes.map((inv) => inv.src)))].filter((src) =>
      byId.has(src),
    );
  const parentsOf = (id: string) => items.filter((i) => childrenOf(i).includes(id)).map((i) => i.entry.id);
  const chartLinks = (ids: readonly string[]) =>
    ids.map((id) => `<a href="#${html(id)}">${html(name(id))}</a> <code>${html(id)}</code>`).join(', ');

  const sections = items.map((item) => {
    const { id } = item.entry;
    const links = CHART_EXTENSIONS.map((ext) => `<a href="${html(id)}.${ext}">${ext}</a>`).join(' · ');
    const width = /<svg[^>]*\swidth="([\d.]+)pt"/.exec(item.svg)?.[1] ?? '800';
    const children = childrenOf(item);
    const parents = parentsOf(id);
    const zoom = ZOOMS.map(
      (z) =>
        `<input type="radio" name="zoom-${html(id)}" id="zoom-${html(id)}-${z.id}" class="zoom-${z.id}"${
          z.id === '100' ? ' checked' : ''
        }><label for="zoom-${html(id)}-${z.id}">${html(z.label)}</label>`,
    ).join('\n        ');
    return [
      `    <section id="${html(id)}">`,
      `      <h2>${html(name(id))} <code>${html(id)}</code></h2>`,
      `      <p>${html(item.entry.description)}</p>`,
      ...(parents.length
        ? [`      <p>Родительская диаграмма · Asosiy diagramma: ${chartLinks(parents)}</p>`]
        : []),
      ...(children.length
        ? [`      <p>Дочерние диаграммы · Ichki diagrammalar: ${chartLinks(children)}</p>`]
        : []),
      `      <p>Файлы · Fayllar: ${links}</p>`,
      '      <div class="zoomable">',
      `        <span>Масштаб · Masshtab:</span> ${zoom}`,
      `        <div class="viewport" style="--w:${width}pt">`,
      inlineSvg(item.svg),
      '        </div>',
      '      </div>',
      '    </section>',
    ].join('\n');
  });
  const zoomCss = ZOOMS.map(
    (z) => `.zoomable input.zoom-${z.id}:checked ~ .viewport svg{${z.css};height:auto}`,
  ).join('\n      ');
  return [
    '<!doctype html>',
    '<html lang="ru">',
    '  <head>',
    '    <meta charset="utf-8">',
    '    <meta name="viewport" content="width=device-width, initial-scale=1">',
    '    <title>Диаграммы состояний · Holatlar diagrammalari</title>',
    '    <style>',
    '      body{font-family:sans-serif;margin:1rem 2rem;color:#222}',
    '      nav ul{columns:2;padding-left:1.2rem}',
    '      section{margin:2.5rem 0;border-top:2px solid #ddd;padding-top:.5rem}',
    '      h2 code,nav code{font-size:.7em;color:#666;font-weight:normal}',
    '      .zoomable input{margin-left:.8rem}',
    '      .viewport{overflow:auto;max-height:85vh;border:1px solid #bbb;margin-top:.4rem;resize:vertical}',
    '      .viewport svg{display:block;max-width:none}',
    `      ${zoomCss}`,
    '    </style>',
    '  </head>',
    '  <body>',
    '    <h1>Диаграммы состояний портала · Portal holatlari diagrammalari</h1>',
    '    <p>Generated by <code>npm run charts</code> from src/machines/registry.ts and src/machines/titles; do not edit by hand.',
    '      Each state shows its Russian and Uzbek title, its code name in small print, what it does and the spec',
    '      line it implements; each transition shows its event in both languages with the code, guard',
    '      (<code>[else]</code> for the fallback) and actions. Scroll inside a chart to pan; the radio buttons zoom.</p>',
    '    <p><a href="explorer.html">Обозреватель диаграмм · Diagrammalar koʻrish vositasi</a>: pan and zoom, search, the',
    '      state panel with its screens, test coverage on the diagram, a path player and the spec traceability.</p>',
    '    <nav>',
    '      <ul>',
    ...items.map(
      (i) =>
        `        <li><a href="#${html(i.entry.id)}">${html(name(i.entry.id))}</a> <code>${html(i.entry.id)}</code></li>`,
    ),
    '      </ul>',
    '    </nav>',
    ...sections,
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}

/** What the explorer adds to the charts: coverage (docs/statecharts/coverage.json), oracles, the spec's lines and the
 *  areas (their manifests: which charts and routes each declares). */
export interface ExplorerSources {
  readonly coverage: CoverageFile;
  readonly oracles: Readonly<Record<string, ChartOracle>>;
  readonly spec: SpecLines;
  readonly areas: readonly ExplorerArea[];
}

/** The explorer's sources as committed: the coverage file, the oracle tables, the spec beside the repo or its record,
 *  the areas' manifests. */
export async function committedExplorerSources(): Promise<ExplorerSources> {
  const spec = loadSpecLines()?.spec ?? { sections: [], lines: {} };
  const areas = (await loadManifests()).map((m) => ({
    area: m.area,
    charts: m.charts.map((c) => c.id),
    routes: Object.keys(m.routes ?? {}).filter((r) => r.startsWith('/')),
  }));
  return { coverage: loadCoverage(), oracles: chartOracles, spec, areas };
}

/**
 * Every file of docs/statecharts for the given machines, by file name: `<id>.mmd`, `<id>.scxml`, `<id>.json`,
 * `<id>.svg`, `index.html` and `explorer.html`. Deterministic (no timestamps), so the stale-chart test can compare
 * byte for byte. Titles come from src/machines/titles (or `titlesOf`, for tests).
 */
export async function renderChartFiles(
  entries: readonly MachineEntry[],
  titlesOf: (id: string) => ChartTitles | undefined = loadChartTitles,
  given?: ExplorerSources,
): Promise<Map<string, string>> {
  const sources = given ?? (await committedExplorerSources());
  const files = new Map<string, string>();
  const charts = new Set(entries.map((e) => e.id));
  const items: IndexChart[] = [];
  for (const entry of entries) {
    if (entry.id !== entry.machine.id) throw new Error(`registry id '${entry.id}' differs from machine id`);
    const chart = toChart(entry.machine);
    const titles = titlesOf(entry.id);
    const svg = await dotToSvg(toDot(chart, { charts, ...(titles ? { titles } : {}) }));
    files.set(`${entry.id}.mmd`, toMermaid(chart, titles));
    files.set(`${entry.id}.scxml`, toScxml(chart));
    files.set(`${entry.id}.json`, toStatelyJson(chart));
    files.set(`${entry.id}.svg`, svg);
    items.push({ entry, chart, titles, svg });
  }
  files.set('index.html', toIndexHtml(items));
  files.set(
    'explorer.html',
    toExplorerHtml(
      explorerData(items, sources.coverage, sources.oracles, sources.spec, sources.areas),
      items.map((i) => ({ id: i.entry.id, svg: inlineSvg(i.svg) })),
    ),
  );
  return files;
}
