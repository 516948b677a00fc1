// Build-time only: removes the charts' prose from the browser bundle (docs/decisions.md LB11, LB15): the
// `description` texts, and in a state's `meta` the `view` (what the screen shows, in words) and `title` (the key of
// its title in the exported diagrams). They are for the analysts who read the exported diagrams (`npm run charts`,
// from the sources) and for the model tests (also from the sources); XState never reads them to run a chart, and no
// view reads them (a view reads `meta.testId`, which stays). The descriptions were 4.5 KB of the login page's first
// script before compression, the meta prose 2.5 KB more. rspack loader for src/machines/*.machine.ts: every property
// `description` whose value is a string (a literal, a template without substitutions, or such strings joined with
// +), and every `view` or `title` with such a value in an object literal that is the value of a `meta` property, is
// cut out, with its comma; nothing else in the file changes. The API contract's modules (src/services/contract/*.ts)
// go through it too, for the one-line `summary` of each call's `defineEndpoint({ … })`: documentation, which the client
// never reads.
const { existsSync, readFileSync } = require('node:fs');
const ts = require('typescript');

/** Whether `node` is a string the loader may drop: 'a', `b`, 'a' + `b` + … */
function isStringText(node) {
  if (ts.isParenthesizedExpression(node)) return isStringText(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return true;
  return (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.PlusToken &&
    isStringText(node.left) &&
    isStringText(node.right)
  );
}

/** The plain name of a property assignment ('description' for `description:` and `'description':`), or null for a
 *  computed one. */
function nameOf(node, file) {
  const text = node.name.getText(file);
  return text.startsWith('[') ? null : text.replace(/['"]/g, '');
}

/** Whether `node` is the `view` or `title` text of a state's `meta: { … }`, or its `testId` unless kept. */
function isMetaProse(node, file, keepTestIds) {
  const name = nameOf(node, file);
  if (name !== 'view' && name !== 'title' && (keepTestIds || name !== 'testId')) return false;
  const object = node.parent;
  const holder = object.parent;
  return ts.isPropertyAssignment(holder) && holder.initializer === object && nameOf(holder, file) === 'meta';
}

/** Whether `node` is the `summary` of an API call's definition, `defineEndpoint({ …, summary: '…' })`. */
function isEndpointSummary(node, file) {
  if (nameOf(node, file) !== 'summary') return false;
  const call = node.parent.parent;
  return ts.isCallExpression(call) && call.expression.getText(file) === 'defineEndpoint';
}

/** The source without its `description: '…'` properties, its meta prose (and test ids, unless `keepTestIds`) and its
 *  calls' summaries, and how many properties it removed. */
function stripDescriptions(source, fileName = 'chart.ts', keepTestIds = true) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const cuts = [];
  const visit = (node) => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isObjectLiteralExpression(node.parent) &&
      isStringText(node.initializer) &&
      (nameOf(node, file) === 'description' ||
        isMetaProse(node, file, keepTestIds) ||
        isEndpointSummary(node, file))
    ) {
      let end = node.getEnd();
      // the property's own comma goes with it (a last property may have none)
      const rest = source.slice(end);
      const comma = /^\s*,/.exec(rest);
      if (comma) end += comma[0].length;
      cuts.push([node.getStart(file), end]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
  return { code: out, removed: cuts.length };
}

/** Whether the chart at `path` has its test ids read at run time: its selectors call `getMeta()`. */
function readsOwnMeta(path) {
  const selectors = path.replace(/\.machine\.ts$/, '.selectors.ts');
  return selectors !== path && existsSync(selectors) && readFileSync(selectors, 'utf8').includes('getMeta()');
}

/** rspack loader. */
function loader(source) {
  return stripDescriptions(source, this.resourcePath, readsOwnMeta(this.resourcePath)).code;
}

module.exports = loader;
module.exports.stripDescriptions = stripDescriptions;
module.exports.readsOwnMeta = readsOwnMeta;
