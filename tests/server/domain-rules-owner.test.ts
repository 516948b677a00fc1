import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's rules come from src/domain (docs/decisions.md AR17): a rule the forms check (a BAN, a number, a phone,
 * an e-mail address, a search text) is written once, in the domain, and the reference server imports it, so that the
 * two can never disagree (the server once took a BAN search as `89\d{8}` while the search box took `89[01]\d{7}`, and
 * staff phones of 13 to 15 digits the form refused). dependency-cruiser sees imports, not copies, so this reads the
 * server's regular expressions: none may repeat one of the domain's, and none may count the digits of an identifier
 * (seven or more: a BAN, a number, a phone, a TIN), which only a domain rule does.
 */
const ROOT = join(import.meta.dirname, '../..');

/** Every `.ts` file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** The regular expressions written in a file: the literals' patterns (without flags) and `new RegExp` arguments. */
function patternsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const walk = (n: ts.Node): void => {
    if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = n.getText(sf);
      found.push(literal.slice(1, literal.lastIndexOf('/')));
    }
    if (ts.isNewExpression(n) && n.expression.getText(sf) === 'RegExp')
      found.push(n.arguments?.[0]?.getText(sf) ?? '');
    ts.forEachChild(n, walk);
  };
  walk(sf);
  return found;
}

/** Patterns too general to be a rule of their own (a line break, a non-digit, blanks, all digits): repeating one copies nothing. */
const GENERAL = new Set(['\\r?\\n', '\\D', '\\s+', '^\\d+$', '\\s', '\\s*\\n\\s*']);

/** A pattern that counts seven or more digits (`\d{9}`, `\d{9,12}`): an identifier's length. */
const COUNTS_IDENTIFIER_DIGITS = /\\d\{([7-9]|[1-9]\d)(,\d*)?\}/;

const domain = new Set(
  sources('src/domain')
    .flatMap(patternsOf)
    .filter((p) => !GENERAL.has(p)),
);
const server = sources('server').flatMap((file) => patternsOf(file).map((pattern) => ({ file, pattern })));

describe('the server writes no copy of a domain rule', () => {
  it('reads both trees (the check would pass vacuously otherwise)', () => {
    expect(domain.size).toBeGreaterThan(20);
    expect(server.length).toBeGreaterThan(50);
  });

  it('repeats none of the domain’s regular expressions', () => {
    expect(server.filter((s) => domain.has(s.pattern))).toEqual([]);
  });

  it('counts no identifier’s digits (a BAN, a number, a phone): the domain’s rules do', () => {
    expect(server.filter((s) => COUNTS_IDENTIFIER_DIGITS.test(s.pattern))).toEqual([]);
  });

  it('the identifier check would find the copies it forbids', () => {
    for (const copy of ['^\\d{9}$', '^9\\d{8}$', '^\\+?\\d{9,15}$', '^89\\d{8}$'])
      expect(COUNTS_IDENTIFIER_DIGITS.test(copy), copy).toBe(true);
    for (const general of ['^\\d{1,15}$', '^(\\d{4})\\.(\\d{2})', '^\\d+$'])
      expect(COUNTS_IDENTIFIER_DIGITS.test(general), general).toBe(false);
  });
});
