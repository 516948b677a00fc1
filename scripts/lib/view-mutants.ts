import ts from 'typescript';

/**
 * Bugs seeded into the views' state rendering (the mutation run seeds mutants in src/machines and in the views'
 * state rendering): each mutant is the whole source of one view file with one change that a user would see.
 *
 * - `negated-condition`: a JSX condition `{x ? … : …}` or `{x && …}` reads the state the other way round (a panel,
 *   an error or a button shown in the wrong state);
 * - `enabled-control`: `disabled={…}` becomes `disabled={false}` (a button usable while a call runs);
 * - `wrong-text`: a `t('key')` shows another text of the same file;
 * - `dropped-handler`: an `onClick`/`onSubmit`/`onChange` arrow does nothing (the event never reaches the chart);
 * - `other-payload`: an event the view sends (`….send({ type: 'x', … })`, a `SendButton`'s `event={{ … }}`) carries
 *   another payload: one field's value swapped with another field's, a page or index off by one, a flag negated, a
 *   text emptied (a role button that sends another role, a login sent as the password, a 1-based page);
 * - `dropped-busy-mark`: `aria-busy={…}` is left out (the busy label or mark not shown while a call runs).
 *
 * A change that does not parse is not a mutant (it would be "killed" by the compiler, not by a test).
 */
export type ViewMutantKind =
  | 'negated-condition'
  | 'enabled-control'
  | 'wrong-text'
  | 'dropped-handler'
  | 'other-payload'
  | 'dropped-busy-mark';

export interface ViewMutant {
  readonly kind: ViewMutantKind;
  /** `path:line` of the change */
  readonly where: string;
  /** the whole mutated source */
  readonly source: string;
}

function lineOf(src: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (src.charCodeAt(i) === 10) line++;
  return line;
}

/** True when the source still parses as TSX (syntax only: a type error still makes a mutant). */
function parses(file: string, source: string): boolean {
  const out = ts.transpileModule(source, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: {
      jsx: ts.JsxEmit.ReactJSX,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
    },
  });
  return (out.diagnostics ?? []).length === 0;
}

/** Whether `index` is inside a comment: a line of a block comment (` * …`), after `/*` or after `//` on its line. */
export function inComment(src: string, index: number): boolean {
  const before = src.slice(src.lastIndexOf('\n', index - 1) + 1, index).trimStart();
  return (
    before.startsWith('*') || before.startsWith('/*') || /(^|\s)\/\//.test(before) || before.startsWith('{/*')
  );
}

/** Every mutant of one view file, in source order. */
export function enumerateViewMutants(file: string, src: string): ViewMutant[] {
  const out: ViewMutant[] = [];
  const add = (kind: ViewMutantKind, index: number, length: number, replacement: string) => {
    // a change inside a comment (a usage example in a doc comment) changes nothing that runs: not a mutant
    if (inComment(src, index)) return;
    const source = src.slice(0, index) + replacement + src.slice(index + length);
    if (source !== src && parses(file, source))
      out.push({ kind, where: `${file}:${lineOf(src, index)}`, source });
  };

  // {cond ? … } and {cond && …} inside JSX: the condition is a plain expression without braces or another ?/:
  for (const m of src.matchAll(/\{([^{}?:;\n]+?) (\?|&&) /g)) {
    const cond = m[1]?.trim() ?? '';
    if (cond === '' || cond.startsWith('/*') || cond.startsWith('...')) continue;
    // `{t(a === b ? …` cut inside a call: not a JSX condition (unbalanced brackets)
    if (cond.split('(').length !== cond.split(')').length) continue;
    const start = (m.index ?? 0) + 1;
    add('negated-condition', start, (m[1] ?? '').length, `!(${cond})`);
  }

  for (const m of src.matchAll(/disabled=\{([^{}]+)\}/g)) {
    if (m[1]?.trim() === 'false') continue;
    add('enabled-control', m.index ?? 0, m[0].length, 'disabled={false}');
  }

  const keys = [...src.matchAll(/\bt\('([a-zA-Z0-9_.]+)'/g)];
  const distinct = [...new Set(keys.map((k) => k[1] as string))];
  for (const m of keys) {
    const key = m[1] as string;
    const other = distinct[(distinct.indexOf(key) + 1) % distinct.length];
    if (!other || other === key) continue;
    add('wrong-text', (m.index ?? 0) + 3, key.length, other);
  }

  for (const m of src.matchAll(
    /\bon(Click|Submit|Change)=\{(\([^()]*\)|[a-z]+) => [^{][^\n]*?\}(?=\s|>|\/)/g,
  )) {
    add('dropped-handler', m.index ?? 0, m[0].length, `on${m[1]}={() => undefined}`);
  }

  for (const m of src.matchAll(/\saria-busy=\{([^{}]+)\}/g)) {
    add('dropped-busy-mark', (m.index ?? 0) + 1, m[0].length - 1, 'aria-busy={undefined}');
  }

  for (const p of payloadMutations(file, src)) add('other-payload', p.index, p.length, p.replacement);
  return out;
}

/** Whether an object literal is an event the view sends: `{ type: '…', … }` given to `.send(…)` or as `event={…}`. */
function isSentEvent(node: ts.ObjectLiteralExpression): boolean {
  const type = node.properties.find(
    (p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'type',
  ) as ts.PropertyAssignment | undefined;
  if (!type || !ts.isStringLiteral(type.initializer)) return false;
  const parent = node.parent;
  if (ts.isCallExpression(parent))
    return ts.isPropertyAccessExpression(parent.expression) && parent.expression.name.text === 'send';
  return (
    ts.isJsxExpression(parent) &&
    ts.isJsxAttribute(parent.parent) &&
    ts.isIdentifier(parent.parent.name) &&
    parent.parent.name.text === 'event'
  );
}

/** A wrong value for one field of a sent event, keeping the field: see `other-payload`. */
function wrongValue(name: string, value: string, others: readonly string[]): string {
  if (value === 'true') return 'false';
  if (value === 'false') return 'true';
  if (/checked|^on$|^accepted$/.test(value) || /^(on|accepted|checked)$/.test(name)) return `!(${value})`;
  if (/^(page|pageNo|index|i|n|count)$/.test(name) || /\s[-+]\s1$/.test(value)) return `(${value}) + 1`;
  const other = others.find((o) => o !== value);
  return other ?? "''";
}

/** One mutation per payload field of every event the file sends. */
function payloadMutations(
  file: string,
  src: string,
): { index: number; length: number; replacement: string }[] {
  const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: { index: number; length: number; replacement: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node) && isSentEvent(node)) {
      const fields = node.properties.filter(
        (p): p is ts.PropertyAssignment | ts.ShorthandPropertyAssignment =>
          (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
          ts.isIdentifier(p.name) &&
          p.name.text !== 'type',
      );
      const fieldText = (p: ts.PropertyAssignment | ts.ShorthandPropertyAssignment) =>
        ts.isPropertyAssignment(p) ? p.initializer.getText(sf) : p.name.getText(sf);
      const values = fields.map(fieldText);
      for (const f of fields) {
        const name = f.name.getText(sf);
        const value = fieldText(f);
        const wrong = wrongValue(name, value, values);
        out.push({
          index: f.getStart(sf),
          length: f.getEnd() - f.getStart(sf),
          replacement: `${name}: ${wrong}`,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Every n-th mutant, spread over the kinds (so a capped run still tries each kind). */
export function spreadSample<T extends { readonly kind: string }>(mutants: readonly T[], cap: number): T[] {
  if (mutants.length <= cap) return [...mutants];
  const byKind = new Map<string, T[]>();
  for (const m of mutants) byKind.set(m.kind, [...(byKind.get(m.kind) ?? []), m]);
  const out: T[] = [];
  const queues = [...byKind.values()];
  // round robin over the kinds, each kind's mutants taken evenly spaced
  const positions = queues.map(() => 0);
  while (out.length < cap) {
    let took = false;
    for (const [i, q] of queues.entries()) {
      if (out.length >= cap) break;
      const p = positions[i] ?? 0;
      if (p >= q.length) continue;
      out.push(q[p] as T);
      positions[i] = p + Math.max(1, Math.floor(q.length / Math.ceil(cap / queues.length)));
      took = true;
    }
    if (!took) break;
  }
  return out;
}
