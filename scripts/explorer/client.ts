/**
 * The statechart explorer's script, compiled to plain JavaScript and inlined in docs/statecharts/explorer.html by
 * `npm run charts` (a page opened from file:// may run inline classic scripts, not modules, and may not fetch).
 * Its data is the JSON `<script type="application/json" id="explorer-data">` (scripts/lib/explorer-data.ts); each
 * chart's diagram is a `<template id="svg-<chart>">`; the screenshots, when built (`npm run screens`), are listed by
 * screens/manifest.js as `window.CHART_SCREENS`. Everything is drawn with DOM calls and textContent: no text of the
 * data is parsed as HTML.
 */

interface Title {
  ru: string;
  uz: string;
}
interface Count {
  covered: number;
  total: number;
  uncovered: string[];
}
interface Walk {
  kind: string;
  events: string[];
  states: string[];
}
interface ChartCoverage {
  model: {
    paths: number;
    steps: number;
    states: Count;
    transitions: Count;
    guards: Record<string, { true: boolean; false: boolean }>;
    pairs: { covered: number; total: number };
    walks: Walk[];
  };
  oracle: {
    paths: number;
    steps: number;
    failures: number;
    edges: Count;
    rawEdges: number;
    guardUses: Count;
    pairs: Count;
  } | null;
}
interface Invoke {
  id: string;
  src: string;
  title: Title | null;
  input: string | null;
  chart: boolean;
}
interface State {
  path: string;
  key: string;
  type: string;
  parent: string | null;
  title: Title | null;
  description: string | null;
  spec: string | null;
  view: string | null;
  invokes: Invoke[];
  entry: string[];
  exit: string[];
  out: number[];
  rows: string[];
}
interface Edge {
  source: string;
  targets: string[];
  kind: string;
  trigger: string;
  title: Title | null;
  guard: string | null;
  actions: string[];
  arrows: number;
  walked: boolean | null;
  guardSeen: { true: boolean; false: boolean } | null;
  unseenUses: string[];
}
interface Chart {
  id: string;
  title: Title | null;
  description: string;
  parents: string[];
  children: string[];
  states: State[];
  edges: Edge[];
  coverage: ChartCoverage | null;
  tests: string[];
}
interface TraceLine {
  line: number;
  section: string;
  text: string;
  refs?: { chart: string; state: string }[];
  endpoints?: string[];
  serverTests?: string[];
  areas?: { area: string; routes: string[] }[];
}
interface Area {
  area: string;
  charts: string[];
  routes: string[];
}
interface Data {
  charts: Chart[];
  areas: Area[];
  sections: { n: string; title: string; from: number; to: number }[];
  cited: TraceLine[];
  gaps: TraceLine[];
}
interface Screens {
  generated: string;
  charts: Record<string, Record<string, string[]>>;
  missing?: Record<string, Record<string, string>>;
}

type Lang = 'ru' | 'uz';

const WORDS = {
  charts: { ru: 'Диаграммы', uz: 'Diagrammalar' },
  trace: { ru: 'Трассировка спецификации', uz: 'Spetsifikatsiya izi' },
  search: { ru: 'Поиск состояния или события', uz: 'Holat yoki hodisani qidirish' },
  noMatch: { ru: 'Ничего не найдено', uz: 'Hech narsa topilmadi' },
  coverage: { ru: 'Покрытие тестами', uz: 'Testlar qamrovi' },
  zoomIn: { ru: 'Увеличить', uz: 'Kattalashtirish' },
  zoomOut: { ru: 'Уменьшить', uz: 'Kichraytirish' },
  fit: { ru: 'По размеру окна', uz: 'Oyna hajmiga' },
  back: { ru: 'Назад к', uz: 'Orqaga:' },
  diagram: { ru: 'Диаграмма', uz: 'Diagramma' },
  pickState: {
    ru: 'Выберите состояние на диаграмме или в списке.',
    uz: 'Diagrammada yoki roʻyxatda holatni tanlang.',
  },
  states: { ru: 'Состояния', uz: 'Holatlar' },
  spec: { ru: 'Спецификация', uz: 'Spetsifikatsiya' },
  view: { ru: 'Экран', uz: 'Ekran' },
  invokes: { ru: 'Вызываемые акторы', uz: 'Chaqiriladigan aktorlar' },
  input: { ru: 'вход', uz: 'kirish' },
  openChart: { ru: 'Открыть диаграмму', uz: 'Diagrammani ochish' },
  transitions: { ru: 'Переходы', uz: 'Oʻtishlar' },
  outerTransitions: { ru: 'Переходы объемлющего состояния', uz: 'Tashqi holat oʻtishlari' },
  guard: { ru: 'условие', uz: 'shart' },
  seen: { ru: 'видели', uz: 'koʻrilgan' },
  walked: { ru: 'пройден тестами', uz: 'testlar bosib oʻtgan' },
  notWalked: { ru: 'не пройден', uz: 'bosib oʻtilmagan' },
  selfLoop: { ru: 'остаётся', uz: 'oʻzida qoladi' },
  rows: { ru: 'Строки оракула', uz: 'Orakul qatorlari' },
  tests: { ru: 'Тесты', uz: 'Testlar' },
  screen: { ru: 'Экран в этом состоянии', uz: 'Ushbu holatdagi ekran' },
  noScreens: {
    ru: 'Снимки экранов не собраны: выполните npm run screens (нужен Chromium) и откройте страницу снова.',
    uz: 'Ekran suratlari yigʻilmagan: npm run screens buyrugʻini bajaring (Chromium kerak) va sahifani qayta oching.',
  },
  noScreen: { ru: 'Для этого состояния снимка нет', uz: 'Bu holat uchun surat yoʻq' },
  player: { ru: 'Проигрыватель путей', uz: 'Yoʻllar pleyeri' },
  path: { ru: 'Путь', uz: 'Yoʻl' },
  prev: { ru: 'Шаг назад', uz: 'Oldingi qadam' },
  next: { ru: 'Шаг вперёд', uz: 'Keyingi qadam' },
  step: { ru: 'Шаг', uz: 'Qadam' },
  initial: { ru: 'начальное состояние', uz: 'boshlangʻich holat' },
  pairs: { ru: 'Пары переходов', uz: 'Oʻtishlar juftlari' },
  showPairs: { ru: 'Показать непройденные пары', uz: 'Bosib oʻtilmagan juftlarni koʻrsatish' },
  summary: { ru: 'Итог', uz: 'Xulosa' },
  modelPaths: { ru: 'путей модели', uz: 'model yoʻllari' },
  oracle: { ru: 'оракул', uz: 'orakul' },
  graphEdges: { ru: 'рёбра графа', uz: 'graf qirralari' },
  guardUses: { ru: 'исходы условий', uz: 'shart natijalari' },
  oracleRun: { ru: 'путей и шагов', uz: 'yoʻl va qadam' },
  cited: {
    ru: 'Строки, на которые ссылаются состояния, страницы разделов и вызовы API',
    uz: 'Holatlar, boʻlim sahifalari va API chaqiruvlari havola qilgan qatorlar',
  },
  gaps: {
    ru: 'Строки требований, на которые ничто не ссылается',
    uz: 'Hech narsa havola qilmagan talab qatorlari',
  },
  line: { ru: 'Строка', uz: 'Qator' },
  text: { ru: 'Текст', uz: 'Matn' },
  where: { ru: 'Состояния и вызовы', uz: 'Holatlar va chaqiruvlar' },
  checkedBy: { ru: 'Проверяют', uz: 'Tekshiradi' },
  endpoint: { ru: 'вызов API', uz: 'API chaqiruvi' },
  area: { ru: 'раздел', uz: 'boʻlim' },
  parents: { ru: 'Родительская диаграмма', uz: 'Asosiy diagramma' },
  children: { ru: 'Дочерние диаграммы', uz: 'Ichki diagrammalar' },
  files: { ru: 'Файлы', uz: 'Fayllar' },
  language: { ru: 'Язык', uz: 'Til' },
} as const satisfies Record<string, Title>;

const data = JSON.parse(document.getElementById('explorer-data')?.textContent ?? '{}') as Data;
const screens = (window as unknown as { CHART_SCREENS?: Screens }).CHART_SCREENS;
const byId = new Map(data.charts.map((c) => [c.id, c]));

let lang: Lang = localStorage.getItem('explorer-lang') === 'uz' ? 'uz' : 'ru';
let coverageOn = false;
const trail: string[] = [];
let player: { chart: string; walk: number; step: number } | null = null;

const w = (k: keyof typeof WORDS) => WORDS[k][lang];
const titleOf = (t: Title | null, fallback: string) => (t ? t[lang] : fallback);

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string | null)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** `#chart`, `#chart/state.path`, `#trace`. */
function parseHash(): { chart: string | null; state: string | null; trace: boolean } {
  const raw = decodeURIComponent(location.hash.slice(1));
  if (raw === 'trace') return { chart: null, state: null, trace: true };
  const [chart = '', ...rest] = raw.split('/');
  return { chart: byId.has(chart) ? chart : null, state: rest.join('/') || null, trace: false };
}

function go(hash: string) {
  if (location.hash !== `#${hash}`) location.hash = hash;
  else render();
}

// ── the diagram: pan and zoom over a viewBox ────────────────────────────────────────────────────────────────
let view = { x: 0, y: 0, w: 1, h: 1 };
let full = { x: 0, y: 0, w: 1, h: 1 };

function currentSvg(): SVGSVGElement | null {
  return $('diagram').querySelector('svg');
}

function applyView() {
  currentSvg()?.setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);
}

function fitView() {
  view = { ...full };
  applyView();
}

function zoom(factor: number, cx = 0.5, cy = 0.5) {
  const nw = Math.min(full.w * 4, Math.max(full.w / 40, view.w * factor));
  const nh = (nw / view.w) * view.h;
  view = { x: view.x + (view.w - nw) * cx, y: view.y + (view.h - nh) * cy, w: nw, h: nh };
  applyView();
}

function pan(dx: number, dy: number) {
  view = { ...view, x: view.x + dx * view.w, y: view.y + dy * view.h };
  applyView();
}

function mountDiagram(chart: Chart) {
  const box = $('diagram');
  box.replaceChildren();
  const template = document.getElementById(`svg-${chart.id}`) as HTMLTemplateElement | null;
  const svg = template?.content.firstElementChild?.cloneNode(true) as SVGSVGElement | undefined;
  if (!svg) return;
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', `${w('diagram')}: ${titleOf(chart.title, chart.id)}`);
  const vb = (svg.getAttribute('viewBox') ?? '0 0 100 100').split(/\s+/).map(Number);
  full = { x: vb[0] ?? 0, y: vb[1] ?? 0, w: vb[2] ?? 100, h: vb[3] ?? 100 };
  view = { ...full };
  // as tall as the whole chart needs at the box's width, between 20 rem and 62 % of the window: no empty bands
  const width = box.getBoundingClientRect().width;
  box.style.height = `clamp(20rem, ${Math.ceil((width * full.h) / full.w)}px, 62vh)`;
  // graphviz writes the links of child charts as `index.html#<chart>`: follow them inside the explorer
  for (const a of svg.querySelectorAll('a')) {
    const href = a.getAttribute('xlink:href') ?? a.getAttribute('href') ?? '';
    const child = /index\.html#(.+)$/.exec(href)?.[1];
    if (child && byId.has(child)) {
      a.addEventListener('click', (ev) => {
        ev.preventDefault();
        ev.stopPropagation();
        openChild(chart.id, child);
      });
    }
  }
  box.append(svg);
  markEdges(chart);
}

/** Classes on the diagram's arrows: walked / not walked (shown when the coverage overlay is on). */
function markEdges(chart: Chart) {
  const svg = currentSvg();
  if (!svg) return;
  chart.edges.forEach((e, i) => {
    for (let k = 0; k < e.arrows; k++) {
      const g = svg.getElementById(`t:${i}:${k}`);
      g?.classList.toggle('walked', e.walked === true);
      g?.classList.toggle('unwalked', e.walked === false);
    }
  });
}

function highlight(chart: Chart, selected: string | null, active: readonly string[]) {
  const svg = currentSvg();
  if (!svg) return;
  for (const g of svg.querySelectorAll('.sel, .active')) g.classList.remove('sel', 'active');
  const idOf = (path: string) => `s:${chart.id}${path ? `.${path}` : ''}`;
  if (selected !== null) svg.getElementById(idOf(selected))?.classList.add('sel');
  for (const path of active) svg.getElementById(idOf(path))?.classList.add('active');
  const first = selected ?? active[0] ?? null;
  const target = first !== null ? svg.getElementById(idOf(first)) : null;
  if (target instanceof SVGGraphicsElement) reveal(target);
}

/** How the diagram's box maps the view (the SVG's default `xMidYMid meet`): scale and offsets in CSS pixels. */
function fitting(): { rect: DOMRect; scale: number; dx: number; dy: number } {
  const rect = $('diagram').getBoundingClientRect();
  const scale = Math.min(rect.width / view.w, rect.height / view.h) || 1;
  return { rect, scale, dx: (rect.width - view.w * scale) / 2, dy: (rect.height - view.h * scale) / 2 };
}

/** A point of the window in the diagram's own coordinates (those of the viewBox). */
function toUser(clientX: number, clientY: number): { x: number; y: number } {
  const { rect, scale, dx, dy } = fitting();
  return { x: view.x + (clientX - rect.left - dx) / scale, y: view.y + (clientY - rect.top - dy) / scale };
}

/** Brings an element into view: centred, and zoomed in to a readable size (one diagram point per pixel) when the
 *  view is smaller than that. */
function reveal(g: SVGGraphicsElement) {
  const r = g.getBoundingClientRect();
  const a = toUser(r.left, r.top);
  const b = toUser(r.right, r.bottom);
  const { rect, scale } = fitting();
  const inside = a.x >= view.x && a.y >= view.y && b.x <= view.x + view.w && b.y <= view.y + view.h;
  if (inside && scale >= 0.8) return;
  const size = scale >= 0.8 ? { w: view.w, h: view.h } : { w: rect.width, h: rect.height };
  view = { x: (a.x + b.x) / 2 - size.w / 2, y: (a.y + b.y) / 2 - size.h / 2, ...size };
  applyView();
}

function setupDiagramControls() {
  const box = $('diagram');
  let drag: { x: number; y: number; vx: number; vy: number } | null = null;
  box.addEventListener('pointerdown', (ev) => {
    if ((ev.target as Element).closest('a')) return;
    drag = { x: ev.clientX, y: ev.clientY, vx: view.x, vy: view.y };
  });
  box.addEventListener('pointermove', (ev) => {
    if (!drag) return;
    const scale = 1 / fitting().scale;
    if (Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) > 4) box.classList.add('dragging');
    view = {
      ...view,
      x: drag.vx - (ev.clientX - drag.x) * scale,
      y: drag.vy - (ev.clientY - drag.y) * scale,
    };
    applyView();
  });
  const end = () => {
    drag = null;
    setTimeout(() => box.classList.remove('dragging'), 0);
  };
  box.addEventListener('pointerup', end);
  box.addEventListener('pointerleave', end);
  box.addEventListener(
    'wheel',
    (ev) => {
      ev.preventDefault();
      const at = toUser(ev.clientX, ev.clientY);
      zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, (at.x - view.x) / view.w, (at.y - view.y) / view.h);
    },
    { passive: false },
  );
  box.addEventListener('click', (ev) => {
    if (box.classList.contains('dragging')) return;
    const g = (ev.target as Element).closest('g[id^="s:"]');
    const chart = parseHash().chart;
    if (!g || !chart) return;
    const path = g.id.slice(2 + chart.length + 1);
    go(`${chart}/${path}`);
  });
  box.addEventListener('keydown', (ev) => {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => pan(-0.1, 0),
      ArrowRight: () => pan(0.1, 0),
      ArrowUp: () => pan(0, -0.1),
      ArrowDown: () => pan(0, 0.1),
      '+': () => zoom(1 / 1.25),
      '=': () => zoom(1 / 1.25),
      '-': () => zoom(1.25),
      '0': () => fitView(),
    };
    const act = keys[ev.key];
    if (act) {
      ev.preventDefault();
      act();
    }
  });
  $('zoom-in').addEventListener('click', () => zoom(1 / 1.25));
  $('zoom-out').addEventListener('click', () => zoom(1.25));
  $('zoom-fit').addEventListener('click', fitView);
}

// ── navigation between charts ───────────────────────────────────────────────────────────────────────────────
function openChild(from: string, child: string) {
  trail.push(from);
  go(child);
}

function renderTrail(chart: Chart) {
  const box = $('trail');
  box.replaceChildren();
  const parent = trail.at(-1);
  if (parent && parent !== chart.id) {
    const back = el(
      'button',
      { type: 'button', id: 'trail-back' },
      `← ${w('back')} ${titleOf(byId.get(parent)?.title ?? null, parent)}`,
    );
    back.addEventListener('click', () => {
      trail.pop();
      go(parent);
    });
    box.append(back);
  }
}

function chartLink(id: string) {
  const a = el('a', { href: `#${id}` }, titleOf(byId.get(id)?.title ?? null, id));
  return a;
}

// ── screenshots ─────────────────────────────────────────────────────────────────────────────────────────────
/** Screenshot keys of a chart whose leaves include `path` (or lie below it), exact matches first. */
function screenKeys(chart: string, path: string): string[] {
  const keys = Object.keys(screens?.charts[chart] ?? {});
  const leaves = (k: string) => k.split('+');
  const exact = keys.filter((k) => leaves(k).includes(path));
  const below = keys.filter((k) => !exact.includes(k) && leaves(k).some((l) => l.startsWith(`${path}.`)));
  return [...exact, ...below];
}

function screenFigure(chart: string, statePath: string, key: string | undefined): HTMLElement {
  const box = el('div', { class: 'screens', id: 'screens' });
  if (!screens) {
    box.append(el('p', { class: 'note' }, w('noScreens')));
    return box;
  }
  if (!key || !screens.charts[chart]?.[key]?.includes(lang)) {
    const reason = screens.missing?.[chart]?.[statePath];
    box.append(el('p', { class: 'note' }, reason ? `${w('noScreen')}: ${reason}` : w('noScreen')));
    return box;
  }
  const file = encodeURIComponent(encodeURIComponent(key));
  for (const width of [1366, 390]) {
    const src = `screens/${encodeURIComponent(chart)}/${file}.${lang}.${width}.webp`;
    const img = el('img', {
      src,
      alt: `${w('screen')} ${key}, ${width} px, ${lang}`,
      loading: 'lazy',
      class: `shot shot-${width}`,
    });
    // the file at its own size, in a tab of its own
    const link = el('a', { href: src, target: '_blank', rel: 'noopener' }, img);
    box.append(el('figure', {}, link, el('figcaption', {}, `${width} px · ${key}`)));
  }
  return box;
}

// ── the state panel ─────────────────────────────────────────────────────────────────────────────────────────
function specText(ref: string | null): string {
  const line = ref ? Number(/^§\d+:(\d+)$/.exec(ref)?.[1]) : Number.NaN;
  return data.cited.find((c) => c.line === line)?.text ?? '';
}

function transitionItem(chart: Chart, i: number): HTMLElement {
  const e = chart.edges[i] as Edge;
  const targets = e.targets.length
    ? e.targets.map((t) => titleOf(chart.states.find((s) => s.path === t)?.title ?? null, t)).join(', ')
    : w('selfLoop');
  const li = el('li', { class: e.walked === false ? 'unwalked' : e.walked ? 'walked' : '' });
  li.append(
    el('strong', {}, e.title ? e.title[lang] : e.trigger),
    ' ',
    el('code', {}, e.trigger),
    ` → ${targets}`,
  );
  // the event in the other language too: analysts of both languages read the same panel
  if (e.title) li.append(el('div', { class: 'small' }, e.title[lang === 'ru' ? 'uz' : 'ru']));
  if (e.guard) {
    const seen = e.guardSeen
      ? ` (${w('seen')}: true ${e.guardSeen.true ? '✓' : '✗'}, false ${e.guardSeen.false ? '✓' : '✗'})`
      : '';
    li.append(
      el(
        'div',
        { class: 'small' },
        `${w('guard')}: ${guardWords(e.guard)} `,
        el('code', {}, `[${e.guard}]`),
        seen,
      ),
    );
  }
  if (e.actions.length) li.append(el('div', { class: 'small' }, el('code', {}, `/ ${e.actions.join(', ')}`)));
  if (e.walked !== null)
    li.append(el('div', { class: 'small cov' }, e.walked ? w('walked') : w('notWalked')));
  for (const u of e.unseenUses) li.append(el('div', { class: 'small unwalked' }, `${w('notWalked')}: ${u}`));
  return li;
}

/** `not(isBlocked)` → `not: is blocked`, `hasUser` → `has user`. */
function guardWords(guard: string): string {
  if (guard === 'else') return lang === 'ru' ? 'иначе' : 'aks holda';
  return guard
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\(/g, ': ')
    .replace(/\)/g, '');
}

function renderPanel(chart: Chart, statePath: string | null, shotKey?: string) {
  const panel = $('panel');
  panel.replaceChildren();
  const state = chart.states.find((s) => s.path === statePath);
  if (!state) {
    panel.append(el('p', {}, w('pickState')));
    return;
  }
  panel.append(
    el('h2', { id: 'state-title', tabindex: '-1' }, titleOf(state.title, state.key)),
    el('p', { class: 'small' }, el('code', {}, state.path), ` · ${state.type}`),
  );
  if (state.title) panel.append(el('p', { class: 'small' }, state.title[lang === 'ru' ? 'uz' : 'ru']));
  if (state.description) panel.append(el('p', {}, state.description));
  if (state.spec) {
    panel.append(
      el(
        'p',
        {},
        `${w('spec')}: `,
        el('a', { href: '#trace', class: 'spec-ref' }, state.spec),
        el('q', { class: 'spec-text' }, specText(state.spec)),
      ),
    );
  }
  if (state.view) panel.append(el('p', {}, `${w('view')}: ${state.view}`));
  panel.append(
    el('h3', {}, w('screen')),
    screenFigure(chart.id, state.path, shotKey ?? screenKeys(chart.id, state.path)[0]),
  );
  if (state.invokes.length) {
    const list = el('ul', {});
    for (const inv of state.invokes) {
      const li = el('li', {}, el('strong', {}, titleOf(inv.title, inv.id)), ' ', el('code', {}, inv.src));
      if (inv.input) li.append(el('div', { class: 'small' }, `${w('input')}: `, el('code', {}, inv.input)));
      if (inv.chart) {
        const open = el(
          'button',
          { type: 'button' },
          `${w('openChart')}: ${titleOf(byId.get(inv.src)?.title ?? null, inv.src)}`,
        );
        open.addEventListener('click', () => openChild(chart.id, inv.src));
        li.append(' ', open);
      }
      list.append(li);
    }
    panel.append(el('h3', {}, w('invokes')), list);
  }
  if (state.out.length) {
    const list = el('ul', { class: 'transitions' });
    for (const i of state.out) list.append(transitionItem(chart, i));
    panel.append(el('h3', {}, w('transitions')), list);
  }
  // what the enclosing states react to applies here as well (unless this state handles the same event first)
  for (let parent = state.parent; parent !== null; ) {
    const outer = chart.states.find((s) => s.path === parent);
    if (!outer) break;
    if (outer.out.length) {
      const list = el('ul', { class: 'transitions' });
      for (const i of outer.out) list.append(transitionItem(chart, i));
      panel.append(el('h3', {}, `${w('outerTransitions')}: ${titleOf(outer.title, outer.key)}`), list);
    }
    parent = outer.parent;
  }
  if (state.rows.length) {
    const list = el('ul', { class: 'small' });
    for (const r of state.rows) list.append(el('li', {}, r));
    panel.append(el('details', {}, el('summary', {}, `${w('rows')} (${state.rows.length})`), list));
  }
}

// ── coverage summary and pairs ─────────────────────────────────────────────────────────────────────────────
function coverageSummary(chart: Chart): HTMLElement {
  const box = el('div', { id: 'coverage-summary', class: 'summary' });
  const c = chart.coverage;
  if (!c) return box;
  // numbers as the portal writes them in both languages (src/domain/count-format.rules.ts: grouped 9 553 with a
  // no-break space, always); this script is not bundled with the app, so the rule is restated, not imported
  const n = (x: number) =>
    new Intl.NumberFormat('ru-RU', {
      useGrouping: 'always',
      maximumFractionDigits: 1,
    } as Intl.NumberFormatOptions)
      .format(x)
      .replace(/[\s\u202F]/g, '\u00A0');
  const pct = (k: { covered: number; total: number }) =>
    `${n(k.covered)}/${n(k.total)} (${n(k.total ? Math.round((k.covered / k.total) * 1000) / 10 : 100)} %)`;
  const model = `${w('states')} ${pct(c.model.states)} · ${w('transitions')} ${pct(c.model.transitions)} · ${w('modelPaths')}: ${n(c.model.paths)}`;
  const oracle = c.oracle
    ? ` · ${w('oracle')}: ${w('graphEdges')} ${pct(c.oracle.edges)}, ${w('guardUses')} ${pct(c.oracle.guardUses)}, ${w('pairs').toLowerCase()} ${pct(c.oracle.pairs)}, ${w('oracleRun')}: ${n(c.oracle.paths)} / ${n(c.oracle.steps)}`
    : '';
  box.append(el('p', {}, `${w('summary')}: ${model}${oracle}`));
  if (c.oracle?.pairs.uncovered.length) {
    const list = el('ul', { class: 'small' });
    for (const p of c.oracle.pairs.uncovered) list.append(el('li', {}, el('code', {}, p)));
    box.append(
      el(
        'details',
        { id: 'pairs' },
        el('summary', {}, `${w('showPairs')} (${c.oracle.pairs.uncovered.length})`),
        list,
      ),
    );
  }
  return box;
}

/** An event of a path as the diagram names it: its title (the invoke's for an actor's result), else its type. */
function eventTitle(chart: Chart, type: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  const trigger = actor ? `${actor[2]}.${actor[1]}` : type;
  const edge = chart.edges.find((e) => e.trigger === trigger && e.title);
  return edge?.title ? `${edge.title[lang]} (${trigger})` : trigger;
}

// ── the path player ─────────────────────────────────────────────────────────────────────────────────────────
function renderPlayer(chart: Chart) {
  const box = $('player');
  box.replaceChildren();
  const walks = chart.coverage?.model.walks ?? [];
  if (!walks.length) return;
  if (!player || player.chart !== chart.id) player = { chart: chart.id, walk: 0, step: 0 };
  const p = player;
  const select = el('select', { id: 'player-path' });
  walks.forEach((walk, i) => {
    const last = walk.states.at(-1) ?? '';
    const label = `${i + 1}. ${walk.kind}: ${walk.events.slice(1).join(' → ') || w('initial')} ⇒ ${last}`;
    const option = el('option', { value: String(i) }, label.length > 140 ? `${label.slice(0, 139)}…` : label);
    if (i === p.walk) option.selected = true;
    select.append(option);
  });
  select.addEventListener('change', () => {
    player = { chart: chart.id, walk: Number(select.value), step: 0 };
    render();
  });
  const walk = walks[p.walk] as Walk;
  const prev = el('button', { type: 'button', id: 'player-prev' }, `◀ ${w('prev')}`);
  const next = el('button', { type: 'button', id: 'player-next' }, `${w('next')} ▶`);
  prev.disabled = p.step === 0;
  next.disabled = p.step >= walk.states.length - 1;
  prev.addEventListener('click', () => step(-1));
  next.addEventListener('click', () => step(1));
  const event = walk.events[p.step];
  const status = el(
    'p',
    { id: 'player-status', 'aria-live': 'polite' },
    `${w('step')} ${p.step} / ${walk.states.length - 1}: ${event ? eventTitle(chart, event) : w('initial')} ⇒ ${walk.states[p.step] ?? ''}`,
  );
  const label = el('label', { for: 'player-path' }, w('path'));
  box.append(el('h2', {}, w('player')), label, select, el('div', { class: 'buttons' }, prev, next), status);
}

function step(by: number) {
  if (!player) return;
  const chart = byId.get(player.chart);
  const walk = chart?.coverage?.model.walks[player.walk];
  if (!chart || !walk) return;
  player = { ...player, step: Math.max(0, Math.min(walk.states.length - 1, player.step + by)) };
  const key = walk.states[player.step] ?? '';
  const leaves = key.split('+');
  render({ playing: key });
  highlight(chart, null, leaves);
  (document.getElementById(by < 0 ? 'player-prev' : 'player-next') as HTMLButtonElement | null)?.focus();
}

// ── the state list and search ───────────────────────────────────────────────────────────────────────────────
function renderStateList(chart: Chart, selected: string | null) {
  const list = $('state-list');
  list.replaceChildren();
  for (const s of chart.states) {
    const depth = s.path.split('.').length - 1;
    const a = el(
      'a',
      { href: `#${chart.id}/${s.path}`, style: `padding-left:${depth * 0.9}rem` },
      titleOf(s.title, s.key),
    );
    if (s.path === selected) a.setAttribute('aria-current', 'true');
    list.append(el('li', {}, a));
  }
}

function runSearch(query: string) {
  const out = $('search-results');
  out.replaceChildren();
  const q = query.trim().toLowerCase();
  if (q.length < 2) return;
  const hits: HTMLElement[] = [];
  for (const c of data.charts) {
    for (const s of c.states) {
      const texts = [s.path, s.key, s.title?.ru ?? '', s.title?.uz ?? ''];
      if (texts.some((t) => t.toLowerCase().includes(q)))
        hits.push(
          el(
            'li',
            {},
            el('a', { href: `#${c.id}/${s.path}` }, `${titleOf(s.title, s.key)} — ${titleOf(c.title, c.id)}`),
            ' ',
            el('code', {}, s.path),
          ),
        );
    }
    const events = new Set<string>();
    for (const e of c.edges) {
      const texts = [e.trigger, e.title?.ru ?? '', e.title?.uz ?? ''];
      if (!events.has(e.trigger) && texts.some((t) => t.toLowerCase().includes(q))) {
        events.add(e.trigger);
        hits.push(
          el(
            'li',
            {},
            el(
              'a',
              { href: `#${c.id}/${e.source}` },
              `${e.title ? e.title[lang] : e.trigger} — ${titleOf(c.title, c.id)}`,
            ),
            ' ',
            el('code', {}, e.trigger),
          ),
        );
      }
    }
  }
  if (!hits.length) out.append(el('li', {}, w('noMatch')));
  out.append(...hits.slice(0, 60));
}

// ── traceability ────────────────────────────────────────────────────────────────────────────────────────────
function renderTrace() {
  const box = $('trace');
  box.replaceChildren(el('h2', { tabindex: '-1', id: 'trace-title' }, w('trace')));
  const table = el(
    'table',
    {},
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col' }, w('line')),
        el('th', { scope: 'col' }, w('text')),
        el('th', { scope: 'col' }, w('where')),
        el('th', { scope: 'col' }, w('checkedBy')),
      ),
    ),
  );
  const body = el('tbody', {});
  for (const line of data.cited) {
    const where = el('ul', {});
    const tests = new Set<string>();
    for (const r of line.refs ?? []) {
      const chart = byId.get(r.chart);
      const state = chart?.states.find((s) => s.path === r.state);
      where.append(
        el(
          'li',
          {},
          el(
            'a',
            { href: `#${r.chart}/${r.state}` },
            `${titleOf(state?.title ?? null, r.state)} — ${titleOf(chart?.title ?? null, r.chart)}`,
          ),
        ),
      );
      for (const row of state?.rows ?? []) tests.add(row.replace(/^(.+? row \d+):.*$/, '$1:'));
      for (const t of chart?.tests ?? []) tests.add(t);
    }
    for (const name of line.endpoints ?? [])
      where.append(el('li', {}, `${w('endpoint')} `, el('code', {}, name)));
    for (const t of line.serverTests ?? []) tests.add(t);
    for (const a of line.areas ?? []) {
      const charts = data.areas.find((x) => x.area === a.area)?.charts ?? [];
      where.append(
        el(
          'li',
          {},
          `${w('area')} ${a.area}: `,
          el('code', {}, a.routes.join(', ')),
          ' ',
          ...charts.flatMap((c) => [chartLink(c), ' ']),
        ),
      );
      for (const c of charts) for (const t of byId.get(c)?.tests ?? []) tests.add(t);
    }
    const checked = el('ul', { class: 'small' });
    const rowsByFile = new Map<string, string[]>();
    for (const t of tests) {
      const m = /^(.+) row (\d+):/.exec(t);
      if (!m?.[1] || !m[2]) continue;
      rowsByFile.set(m[1], [...(rowsByFile.get(m[1]) ?? []), m[2]]);
    }
    for (const [file, rows] of rowsByFile)
      checked.append(el('li', {}, `${file}: ${w('rows').toLowerCase()} ${rows.join(', ')}`));
    for (const t of tests) if (!/ row \d+:/.test(t)) checked.append(el('li', {}, t));
    body.append(
      el(
        'tr',
        { id: `line-${line.line}` },
        el('td', {}, `§${line.section}:${line.line}`),
        el('td', {}, line.text),
        el('td', {}, where),
        el('td', {}, checked),
      ),
    );
  }
  table.append(body);
  box.append(el('h3', {}, `${w('cited')} (${data.cited.length})`), table);
  const gaps = el('ul', { id: 'gaps' });
  for (const g of data.gaps)
    gaps.append(el('li', {}, el('code', {}, `§${g.section}:${g.line}`), ` ${g.text}`));
  box.append(el('h3', {}, `${w('gaps')} (${data.gaps.length})`), gaps);
}

// ── the page ────────────────────────────────────────────────────────────────────────────────────────────────
let mounted: string | null = null;

function render(options: { playing?: string } = {}) {
  document.documentElement.lang = lang;
  for (const [id, key] of [
    ['tab-charts', 'charts'],
    ['tab-trace', 'trace'],
    ['search-label', 'search'],
    ['coverage-label', 'coverage'],
    ['states-title', 'states'],
    ['lang-label', 'language'],
  ] as const)
    $(id).textContent = w(key);
  $('zoom-in').setAttribute('aria-label', w('zoomIn'));
  $('zoom-out').setAttribute('aria-label', w('zoomOut'));
  $('zoom-fit').textContent = w('fit');
  ($('lang-ru') as HTMLInputElement).checked = lang === 'ru';
  ($('lang-uz') as HTMLInputElement).checked = lang === 'uz';
  const nav = $('chart-list');
  nav.replaceChildren();
  const { chart: chartId, state, trace } = parseHash();
  // the charts grouped by the area whose manifest declares them (src/app/<area>.workflow.ts)
  const groups = data.areas.length
    ? data.areas
    : [{ area: '', charts: data.charts.map((c) => c.id), routes: [] }];
  for (const group of groups) {
    const list = el('ul', {});
    for (const id of group.charts) {
      const c = byId.get(id);
      if (!c) continue;
      const a = el('a', { href: `#${c.id}` }, titleOf(c.title, c.id));
      if (c.id === chartId) a.setAttribute('aria-current', 'page');
      list.append(el('li', {}, a));
    }
    nav.append(el('li', {}, group.area ? el('span', { class: 'area' }, group.area) : '', list));
  }
  $('trace').hidden = !trace;
  $('explorer').hidden = trace;
  if (trace) {
    renderTrace();
    return;
  }
  const chart = byId.get(chartId ?? '') ?? data.charts[0];
  if (!chart) return;
  if (mounted !== chart.id) {
    mountDiagram(chart);
    mounted = chart.id;
  }
  $('diagram').classList.toggle('coverage', coverageOn);
  $('chart-title').textContent = titleOf(chart.title, chart.id);
  $('chart-code').textContent = chart.id;
  $('chart-description').textContent = chart.description;
  const related = $('chart-related');
  related.replaceChildren();
  if (chart.parents.length)
    related.append(el('p', {}, `${w('parents')}: `, ...chart.parents.flatMap((p) => [chartLink(p), ' '])));
  if (chart.children.length)
    related.append(el('p', {}, `${w('children')}: `, ...chart.children.flatMap((p) => [chartLink(p), ' '])));
  related.append(
    el(
      'p',
      { class: 'small' },
      `${w('files')}: `,
      ...['mmd', 'scxml', 'json', 'svg'].flatMap((ext) => [
        el('a', { href: `${chart.id}.${ext}` }, ext),
        ' ',
      ]),
    ),
  );
  $('summary-slot').replaceChildren(coverageSummary(chart));
  renderTrail(chart);
  renderStateList(chart, state);
  renderPlayer(chart);
  const playing = options.playing;
  if (playing !== undefined) {
    const leaves = playing.split('+');
    renderPanel(chart, leaves[0] ?? null, playing);
  } else {
    renderPanel(chart, state);
    highlight(chart, state, []);
  }
}

function setup() {
  setupDiagramControls();
  ($('coverage-toggle') as HTMLInputElement).addEventListener('change', (ev) => {
    coverageOn = (ev.target as HTMLInputElement).checked;
    $('diagram').classList.toggle('coverage', coverageOn);
  });
  for (const l of ['ru', 'uz'] as const) {
    $(`lang-${l}`).addEventListener('change', () => {
      lang = l;
      localStorage.setItem('explorer-lang', l);
      render();
    });
  }
  const search = $('search') as HTMLInputElement;
  search.addEventListener('input', () => runSearch(search.value));
  window.addEventListener('hashchange', () => {
    render();
    const { state, trace } = parseHash();
    document.getElementById(trace ? 'trace-title' : state ? 'state-title' : 'chart-title')?.focus();
  });
  render();
}

setup();

export {};
