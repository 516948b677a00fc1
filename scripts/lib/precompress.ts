/**
 * Build-time compression of the SPA's static files: next to every compressible file of dist, a brotli (`.br`,
 * quality 11) and a gzip (`.gz`, level 9) copy, so the server sends the smallest encoding the browser accepts without
 * compressing on each request (server/static.ts picks the copy).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { Script } from 'node:vm';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RsbuildPlugin } from '@rsbuild/core';

/**
 * Text formats worth compressing (images and fonts of the build are already compressed formats). Not the HTML pages:
 * the server may rewrite them (the signing module's address in a meta tag), so it compresses each page when it first
 * sends it, after the rewrite, and keeps the result (server/static.ts, docs/decisions.md OBS8).
 */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);

/** Smaller files gain nothing after headers. */
const MIN_BYTES = 256;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`; returns how many files it did. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of files(dir)) {
    if (!PRECOMPRESSED_EXTENSIONS.has(extname(file).toLowerCase())) continue;
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}

/**
 * The scripts under `dir` that do not parse as JavaScript, with V8's message: compiled (never run) one by one. A
 * build step that rewrites text in the emitted files can break a script without any error of its own; rspack's
 * `realContentHash` once did (a six-digit hash found inside a number of zod's, docs/decisions.md NC28).
 */
export function unparsableScripts(dir: string): string[] {
  const broken: string[] = [];
  for (const file of files(dir)) {
    if (extname(file) !== '.js') continue;
    try {
      new Script(readFileSync(file, 'utf8'), { filename: file });
    } catch (e) {
      broken.push(`${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return broken;
}

/** rsbuild plugin: after every production build, checks that the browser's scripts parse and precompresses the
 *  browser's output folder (not the prerender environment's Node bundle, which is never served: docs/decisions.md
 *  LB12). */
export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'portal:precompress',
    setup(api) {
      api.onAfterBuild(({ environments }) => {
        if (process.env.NODE_ENV === 'development') return;
        for (const environment of Object.values(environments)) {
          if (environment.config.output.target !== 'web') continue;
          // a script the browser cannot parse fails the build here, not in a visitor's browser
          const broken = unparsableScripts(environment.distPath);
          if (broken.length > 0)
            throw new Error(`the build wrote scripts that do not parse:\n${broken.join('\n')}`);
          precompressDir(environment.distPath);
        }
      });
    },
  };
}
