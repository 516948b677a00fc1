/**
 * docs/statecharts/explorer.html: the statechart explorer as one static page. The data (scripts/lib/explorer-data.ts)
 * is inlined as JSON, each diagram as a `<template>`, the script (scripts/explorer/client.ts) as an inline classic
 * script: Chromium refuses `fetch` and module scripts on file://, and the page must open from there and from any
 * static host. The screenshots come from screens/manifest.js when `npm run screens` has built them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { ExplorerData } from './explorer-data';

const CLIENT = join(import.meta.dirname, '..', 'explorer', 'client.ts');

/** The explorer's script as the page runs it: client.ts with its types stripped by TypeScript's own transpiler (the
 *  output depends only on the installed compiler and the source), as a classic script. */
export function explorerScript(): string {
  return ts
    .transpileModule(readFileSync(CLIENT, 'utf8'), {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    })
    .outputText.replace(/^export \{\};\s*$/m, '')
    .trim();
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON safe inside a `<script>` element: no `</script>`, no `<!--`. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const CSS = `
:root{--line:#bbb;--ink:#1d1d1d;--muted:#555;--link:#0b4fb3;--ok:#137333;--bad:#b3261e;--sel:#9a4a00}
*{box-sizing:border-box}
[hidden]{display:none!important}
body{font-family:system-ui,sans-serif;margin:0;color:var(--ink);background:#fff}
header{display:flex;flex-wrap:wrap;gap:.6rem 1.2rem;align-items:center;padding:.6rem 1rem;border-bottom:1px solid var(--line)}
header h1{font-size:1.15rem;margin:0}
a{color:var(--link)}
code{font-size:.85em}
.small{font-size:.85rem;color:var(--muted)}
.note{background:#fff6d6;border:1px solid #e0c060;padding:.5rem;border-radius:4px}
fieldset{border:0;padding:0;margin:0;display:flex;gap:.4rem;align-items:center}
main{display:grid;grid-template-columns:15rem minmax(0,1fr) 24rem;gap:0;min-height:calc(100vh - 3.5rem)}
@media (max-width:1100px){main{grid-template-columns:1fr}main>nav{order:3;max-height:16rem;border-top:1px solid var(--line)}#diagram{height:55vh}aside{border-left:0;max-height:none}}
nav,aside{padding:.6rem 1rem;border-right:1px solid var(--line);overflow:auto;max-height:calc(100vh - 3.5rem)}
aside{border-right:0;border-left:1px solid var(--line)}
nav ul,#state-list{list-style:none;padding:0;margin:0}
nav .area{display:block;margin-top:.5rem;font-size:.8rem;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
nav li a,#state-list a,#search-results a{display:block;padding:.2rem 0;min-height:24px}
a[aria-current]{font-weight:bold;color:var(--sel)}
#center{padding:.6rem 1rem;min-width:0}
#chart-title{margin:.2rem 0}
.toolbar{display:flex;gap:.4rem;align-items:center;flex-wrap:wrap;margin:.4rem 0}
button,select,input[type=search]{font:inherit;padding:.25rem .5rem}
#diagram{height:62vh;border:1px solid var(--line);overflow:hidden;cursor:grab;touch-action:none;background:#fcfcfc}
#diagram:focus-visible{outline:3px solid var(--link);outline-offset:2px}
#diagram.dragging{cursor:grabbing}
#diagram svg{width:100%;height:100%;display:block}
#diagram g[id^="s:"]{cursor:pointer}
#diagram g.sel>path,#diagram g.sel>polygon,#diagram g.sel>ellipse{stroke:var(--sel);stroke-width:4;fill:#ffe9cc}
#diagram g.active>path,#diagram g.active>polygon{stroke:#6a1b9a;stroke-width:4;fill:#f3e5f5}
#diagram.coverage g.walked>path{stroke:var(--ok);stroke-width:2.5}
#diagram.coverage g.walked>polygon{stroke:var(--ok);fill:var(--ok)}
#diagram.coverage g.unwalked>path{stroke:var(--bad);stroke-width:3;stroke-dasharray:6 4}
#diagram.coverage g.unwalked>polygon{stroke:var(--bad);fill:var(--bad)}
.transitions li{margin:.35rem 0}
li.walked .cov{color:var(--ok)}
li.unwalked,.unwalked{color:var(--bad)}
.screens{display:flex;flex-wrap:wrap;gap:.5rem}
.screens figure{margin:0}
.shot{border:1px solid var(--line);display:block;max-width:100%;height:auto}
.shot-1366{width:22rem}
.shot-390{width:8rem}
q.spec-text{display:block;margin:.2rem 0;padding-left:.5rem;border-left:3px solid var(--line);font-style:italic}
#trace{padding:.6rem 1rem}
#trace table{border-collapse:collapse;width:100%}
#trace td a{display:inline-block;min-height:24px;padding:.15rem 0}
#trace td,#trace th{border:1px solid var(--line);padding:.25rem .4rem;vertical-align:top;text-align:left}
#search-results{max-height:14rem;overflow:auto;margin:0;padding:.3rem 1rem .3rem 2rem}
#search-results:empty{display:none}
.buttons{display:flex;gap:.4rem;margin:.4rem 0}
#player select{max-width:100%}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

export interface ExplorerSvg {
  readonly id: string;
  /** The chart's SVG without prolog and comments. */
  readonly svg: string;
}

/** The whole page. */
export function toExplorerHtml(data: ExplorerData, svgs: readonly ExplorerSvg[]): string {
  return [
    '<!doctype html>',
    '<html lang="ru">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Обозреватель диаграмм состояний · Holatlar diagrammalari koʻrish vositasi</title>',
    `<style>${CSS}</style>`,
    '</head>',
    '<body>',
    '<header>',
    '<h1>Обозреватель диаграмм · Diagrammalar koʻrish vositasi</h1>',
    '<a id="tab-charts" href="#">Диаграммы</a> <a id="tab-trace" href="#trace">Трассировка спецификации</a>',
    '<fieldset><legend id="lang-label" class="visually-hidden">Язык</legend>',
    '<input type="radio" name="lang" id="lang-ru" value="ru" checked><label for="lang-ru">Русский</label>',
    '<input type="radio" name="lang" id="lang-uz" value="uz"><label for="lang-uz">Oʻzbekcha</label></fieldset>',
    '<span><label id="search-label" for="search">Поиск состояния или события</label> <input type="search" id="search" autocomplete="off"></span>',
    '<span><input type="checkbox" id="coverage-toggle"><label id="coverage-label" for="coverage-toggle">Покрытие тестами</label></span>',
    '</header>',
    '<ul id="search-results" aria-live="polite"></ul>',
    // shown by the script once it has drawn the chart: a first paint of the empty columns would then shift
    '<main id="explorer" hidden>',
    '<nav aria-labelledby="tab-charts"><ul id="chart-list"></ul></nav>',
    '<section id="center" aria-labelledby="chart-title">',
    '<div id="trail"></div>',
    '<h2 id="chart-title" tabindex="-1"></h2>',
    '<p class="small"><code id="chart-code"></code> · <span id="chart-description"></span></p>',
    '<div id="chart-related"></div>',
    '<div id="summary-slot"></div>',
    '<div class="toolbar"><button type="button" id="zoom-in">+</button><button type="button" id="zoom-out">−</button><button type="button" id="zoom-fit"></button>',
    '<span class="small">← ↑ → ↓, +, −, 0</span></div>',
    '<div id="diagram" tabindex="0" role="region" aria-label="Диаграмма · Diagramma"></div>',
    '<div id="player"></div>',
    '</section>',
    '<aside aria-label="Состояние · Holat">',
    '<div id="panel"></div>',
    '<h2 id="states-title">Состояния</h2>',
    '<ul id="state-list"></ul>',
    '</aside>',
    '</main>',
    '<section id="trace" hidden></section>',
    ...svgs.map((s) => `<template id="svg-${attr(s.id)}">${s.svg}</template>`),
    `<script type="application/json" id="explorer-data">${scriptJson(data)}</script>`,
    '<script src="screens/manifest.js"></script>',
    `<script>${explorerScript()}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
