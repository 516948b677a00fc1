import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One owner of the language. The address's language segment is read in one component
 * (`LangSegment`, src/app/page-frame.tsx), the language is set in one (`ShowLanguage`, same file; the build's
 * prerender sets it before it renders anything), and every other module asks `currentLang()` / `usePageLang()` /
 * `intlLocale()` from src/i18n. These tests fail when a module outside src/i18n reads i18next's language, the
 * document's `lang`, or sets the language itself.
 */

const ROOT = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(e.name) ? [path] : [];
  });
}

/** Every `file:line` outside src/i18n whose code (comments left out) matches `pattern`. */
function uses(pattern: RegExp): string[] {
  return sourceFiles(join(ROOT, 'src'))
    .filter((f) => !relative(ROOT, f).startsWith('src/i18n/'))
    .flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => ({
          line: line.replace(/\/\/.*$|^\s*\*.*$|\/\*.*?\*\//g, ''),
          at: `${relative(ROOT, f)}:${i + 1}`,
        }))
        .filter(({ line }) => pattern.test(line))
        .map(({ at }) => at),
    );
}

describe('one owner of the language', () => {
  it("no module outside src/i18n reads i18next's language", () => {
    expect(uses(/\bi18n\.(language|resolvedLanguage|languages)\b/)).toEqual([]);
  });

  it("no module outside src/i18n reads the document's lang attribute", () => {
    expect(uses(/documentElement\.lang\b|getAttribute\(\s*['"]lang['"]/)).toEqual([]);
  });

  it('the language is set only by ShowLanguage and by the prerender, before it renders', () => {
    const callers = uses(/\bsetLanguage\(|\.changeLanguage\(/).map((at) => at.replace(/:\d+$/, ''));
    expect([...new Set(callers)].sort()).toEqual(['src/app/page-frame.tsx', 'src/app/prerender.tsx']);
  });

  it("the address's language segment is read only by LangSegment", () => {
    const readers = uses(/useParams<\{\s*lang\b|params\.lang\b/).map((at) => at.replace(/:\d+$/, ''));
    expect(readers).toEqual(['src/app/page-frame.tsx']);
  });
});
