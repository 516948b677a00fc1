import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No module of src/ imports classic `zod` for runtime values (docs/decisions.md LB5): every contract is written with
 * `zod/mini`. zod's core modules are shared by both flavours, so one classic schema in a lazy chunk is enough to keep
 * nearly every core constructor alive in the login page's first script (lib-vendor's zod was ~58 KB minified with
 * classic in the lazy chunks, about half of that without). Type-only imports (`import type { z } from 'zod'`) are
 * erased and stay allowed.
 */

/** zod's classic entry points (`zod`, `zod/v4`, `zod/v4/classic/…`) and zod 3 (`zod/v3`), the other full builder. */
const CLASSIC = /^zod(\/v4(\/classic(\/.*)?)?|\/v3(\/.*)?)?$/;
const isClassic = (specifier: string) => CLASSIC.test(specifier);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|cts|js|jsx)$/.test(e.name) ? [path] : [];
  });
}

/** Every import of zod in a file: the specifier and whether it is erased (type-only). */
function zodImports(file: string): { specifier: string; typeOnly: boolean; line: number }[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { specifier: string; typeOnly: boolean; line: number }[] = [];
  const add = (spec: ts.Expression | undefined, typeOnly: boolean, node: ts.Node) => {
    if (spec && ts.isStringLiteralLike(spec) && (spec.text === 'zod' || spec.text.startsWith('zod/')))
      found.push({
        specifier: spec.text,
        typeOnly,
        line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      });
  };
  const visit = (node: ts.Node) => {
    // `import { type z } from 'zod'` is not erased under verbatimModuleSyntax (it stays `import {} from 'zod'`):
    // only `import type` counts as type-only
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, node.importClause?.isTypeOnly === true, node);
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly, node);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression, node.isTypeOnly, node);
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    )
      add(node.arguments[0], false, node);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal as ts.Expression, true, node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('classic zod stays out of src/', () => {
  const files = sourceFiles('src');
  const imports = files.flatMap((file) => zodImports(file).map((i) => ({ file, ...i })));

  it('scans the contracts (they import zod/mini)', () => {
    expect(files.length).toBeGreaterThan(50);
    const mini = imports.filter((i) => i.specifier === 'zod/mini' && !i.typeOnly).map((i) => i.file);
    expect(mini).toContain(join('src', 'services', 'contract', 'fields.contract.ts'));
    expect(mini).toContain(join('src', 'services', 'contract', 'session.contract.ts'));
  });

  it('no file of src/ imports classic zod for runtime values (type-only imports are fine)', () => {
    const runtimeClassic = imports
      .filter((i) => isClassic(i.specifier) && !i.typeOnly)
      .map((i) => `${i.file}:${i.line} '${i.specifier}'`);
    expect(runtimeClassic).toEqual([]);
  });

  it('tells classic entry points from the others', () => {
    expect(
      ['zod', 'zod/v4', 'zod/v4/classic', 'zod/v4/classic/schemas.js', 'zod/v3'].filter(isClassic),
    ).toHaveLength(5);
    expect(
      ['zod/mini', 'zod/v4/mini', 'zod/v4-mini', 'zod/v4/core', 'zod/v4/locales/en.js', 'zodiac'].filter(
        isClassic,
      ),
    ).toEqual([]);
  });
});
