import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The focus ring was a box-shadow with `outline: none`, which Windows high-contrast mode (forced
 * colours) does not draw, so a keyboard user saw no focus there. The ring is an outline; no style removes the outline
 * of a focused element without drawing one for `:focus-visible`.
 */
function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return name.endsWith('.css') ? [path] : [];
  });
}

/** `selector { body }` pairs of a stylesheet (flat: enough for the rules under test). */
function rules(css: string): { selector: string; body: string }[] {
  const clean = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...clean.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({
    selector: (m[1] ?? '').trim(),
    body: m[2] ?? '',
  }));
}

describe('the focus ring survives forced colours', () => {
  const app = rules(readFileSync('src/app/app.css', 'utf8'));

  it('the global :focus-visible ring is a visible outline', () => {
    const ring = app.find((r) => r.selector === ':focus-visible');
    expect(ring?.body).toMatch(/outline:\s*3px solid var\(--c-focus\)/);
    expect(ring?.body).not.toMatch(/outline:\s*(none|0)\b/);
  });

  it('no stylesheet drops the outline on :focus-visible', () => {
    const dropped = cssFiles('src').flatMap((file) =>
      rules(readFileSync(file, 'utf8'))
        .filter((r) => /:focus-visible/.test(r.selector) && /outline:\s*(none|0)\b/.test(r.body))
        .map((r) => `${file}: ${r.selector}`),
    );
    expect(dropped).toEqual([]);
  });
});
