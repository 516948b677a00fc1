// Build-time only: removes the charts' `description` texts from the browser bundle (docs/decisions.md LB11). A chart's
// descriptions are for the analysts who read the exported diagrams (`npm run charts`, from the sources) and for the
// model tests (also from the sources); XState never reads them to run a chart. They were 4.5 KB of the login page's
// first script before compression. rspack loader for src/machines/*.machine.ts: every property `description` whose
// value is a string (a literal, a template without substitutions, or such strings joined with +) is cut out, with
// its comma; nothing else in the file changes.
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

/** The source without its `description: '…'` properties, and how many it removed. */
function stripDescriptions(source, fileName = 'chart.ts') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const cuts = [];
  const visit = (node) => {
    if (
      ts.isPropertyAssignment(node) &&
      !node.name.getText(file).startsWith('[') &&
      node.name.getText(file).replace(/['"]/g, '') === 'description' &&
      isStringText(node.initializer) &&
      ts.isObjectLiteralExpression(node.parent)
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

/** rspack loader. */
function loader(source) {
  return stripDescriptions(source, this.resourcePath).code;
}

module.exports = loader;
module.exports.stripDescriptions = stripDescriptions;
