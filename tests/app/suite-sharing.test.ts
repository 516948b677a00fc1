import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The unit suite's workers keep their modules and their process from one test file to the next (vitest.config.ts
 * `isolate: false`). Two habits of an isolated suite then break other files, so they are refused here:
 * replacing a module (`vi.mock` would not reach a module another file already evaluated, and would leak into the
 * next), and changing the process's environment without giving it back.
 */
const ROOT = join(import.meta.dirname, '..', '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'e2e' || d.name === 'remote' ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

const files = testFiles(join(ROOT, 'tests'))
  .map((path) => ({ name: relative(ROOT, path), text: readFileSync(path, 'utf8') }))
  // this file spells what it refuses, as examples for its own checks
  .filter((f) => f.name !== 'tests/app/suite-sharing.test.ts');

/** Where a test file replaces a module. */
function moduleReplacements(text: string): string[] {
  return [...text.matchAll(/\bvi\.(?:do)?[mM]ock\(\s*['"]([^'"]+)/g)].map((m) => m[1] ?? '');
}

/** The environment variables a test file sets that it never restores (deletes or assigns from a saved value). */
function unrestoredEnv(text: string): string[] {
  const set = new Set([...text.matchAll(/process\.env\.([A-Z_]+)\s*=(?!=)/g)].map((m) => m[1] ?? ''));
  return [...set].filter(
    (name) =>
      !new RegExp(`delete process\\.env\\.${name}\\b`).test(text) &&
      !new RegExp(`process\\.env\\.${name}\\s*=\\s*(?:saved|previous)\\w*`).test(text),
  );
}

describe('test files share their worker', () => {
  it('finds the unit test files', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files.some((f) => f.name === 'tests/machines/download.machine.test.ts')).toBe(true);
  });

  it('no test file replaces a module: it passes its stand-in to what it tests', () => {
    expect(files.flatMap((f) => moduleReplacements(f.text).map((m) => `${f.name}: ${m}`))).toEqual([]);
  });

  it('a test file that sets an environment variable gives it back', () => {
    expect(files.flatMap((f) => unrestoredEnv(f.text).map((v) => `${f.name}: ${v}`))).toEqual([]);
  });

  it('the checks see what they refuse', () => {
    // spelled in two parts, so that nothing reads these examples as this file's own module replacements
    const vi = 'vi.';
    expect(moduleReplacements(`${vi}mock('@/services/export/blob-download.export', () => ({}))`)).toEqual([
      '@/services/export/blob-download.export',
    ]);
    expect(moduleReplacements(`${vi}doMock('./x')`)).toEqual(['./x']);
    expect(unrestoredEnv("process.env.TZ = 'Asia/Tashkent';")).toEqual(['TZ']);
    expect(
      unrestoredEnv("const savedTz = process.env.TZ;\nprocess.env.TZ = 'UTC';\nprocess.env.TZ = savedTz;"),
    ).toEqual([]);
    expect(unrestoredEnv('process.env.X_DIR = dir;\ndelete process.env.X_DIR;')).toEqual([]);
    expect(unrestoredEnv('if (process.env.TZ === undefined) return;')).toEqual([]);
  });
});
