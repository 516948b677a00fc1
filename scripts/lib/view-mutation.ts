import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createVitest } from 'vitest/node';
import { enumerateViewMutants, spreadSample, type ViewMutant } from './view-mutants';
import { type FileEntry, loadManifests, workflowFiles } from './workflow-index';

/**
 * The views' half of `npm run mutation`: for each view folder of the areas' manifests (src/app/<area>.workflow.ts),
 * seeds the mutants of scripts/lib/view-mutants.ts into its files one at a time, runs the generated view walks of the
 * workflows drawn there, and, for a mutant they miss, the hand-written view tests that mount that folder. One vitest
 * instance runs everything (no start-up per mutant); the file is restored after each mutant, and on exit.
 */

export interface ViewFolderResult {
  readonly folder: string;
  readonly mutants: number;
  readonly killedByGenerated: number;
  readonly killedByAll: number;
  readonly survivors: readonly string[];
  readonly seconds: number;
  /** Why the folder's mutants were not run (its unmutated views fail their tests). */
  readonly notMeasured?: string;
}

const ROOT = join(import.meta.dirname, '..', '..');
const path = (e: FileEntry | undefined): string | null => (typeof e === 'string' ? e : null);
/** Every chart's files, as the areas' manifests decide them. */
const WORKFLOW_FILES = workflowFiles(await loadManifests());

/**
 * Walks that also draw a folder's views although their workflow lives elsewhere: the session's walk renders the
 * real Auth page (the session-expired notice and the redirect after sign-in are the session's states).
 */
const ALSO_WALKED_BY: Readonly<Record<string, readonly string[]>> = {
  'src/views/auth/': ['tests/views/session.view-walk.test.tsx'],
};

/** View folder → the generated view walks of the workflows drawn in it. */
export function viewFolders(): Map<string, string[]> {
  const folders = new Map<string, string[]>();
  for (const [folder, walks] of Object.entries(ALSO_WALKED_BY)) folders.set(folder, [...walks]);
  for (const files of Object.values(WORKFLOW_FILES)) {
    const views = path(files.views);
    const walk = path(files.viewWalk);
    if (!views || !walk || !views.endsWith('/')) continue;
    folders.set(views, [...new Set([...(folders.get(views) ?? []), walk])]);
  }
  return folders;
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}${name}`;
    return statSync(join(ROOT, rel)).isDirectory() ? filesUnder(`${rel}/`) : [rel];
  });
}

/** The hand-written view tests (not view walks) that import something from the folder. */
function handWrittenFor(folder: string): string[] {
  const alias = `@/${folder.replace(/^src\//, '').replace(/\/$/, '')}/`;
  return filesUnder('tests/views/')
    .filter((f) => /\.test\.tsx?$/.test(f) && !f.includes('.view-walk.'))
    .filter((f) => readFileSync(join(ROOT, f), 'utf8').includes(alias));
}

export async function runViewMutation(opts: {
  readonly cap: number;
  readonly only?: readonly string[];
  readonly log: (line: string) => void;
}): Promise<ViewFolderResult[]> {
  // bail: a mutant is killed by its first failing test, the rest of the walk need not run
  const vitest = await createVitest('test', { watch: false, reporters: [{}], silent: true, bail: 1 });
  const results: ViewFolderResult[] = [];
  let restore: (() => void) | undefined;
  const onExit = () => restore?.();
  process.once('SIGINT', onExit);
  process.once('exit', onExit);
  let lastFailure = '';
  const fails = async (files: readonly string[]): Promise<boolean> => {
    if (files.length === 0) return false;
    const wanted = new Set(files.map((f) => join(ROOT, f)));
    const run = await vitest.runTestFiles([...wanted]);
    // the run's modules include every file the instance ran before, with its last result: only this run's count
    const modules = run.testModules.filter((m) => wanted.has(m.moduleId));
    lastFailure = [
      ...run.unhandledErrors.map((e) => String(e)),
      ...modules
        .filter((m) => !m.ok())
        .flatMap((m) => [
          `${relative(ROOT, m.moduleId)}: ${m.state()}`,
          ...m.errors().map((e) => e.message),
          ...[...m.children.allTests()]
            .filter((t) => t.result().state === 'failed')
            .slice(0, 1)
            .flatMap((t) => [t.fullName, ...(t.result().errors ?? []).map((e) => e.message.slice(0, 300))]),
        ]),
    ].join(' | ');
    return run.unhandledErrors.length > 0 || modules.some((m) => !m.ok());
  };
  try {
    for (const [folder, walks] of viewFolders()) {
      if (opts.only && !opts.only.some((o) => folder.includes(o))) continue;
      const t0 = Date.now();
      const handWritten = handWrittenFor(folder);
      // on a loaded machine a walk may time out once: the unmutated views get a second run, then the folder is
      // reported as not measured (never counted as killed)
      if ((await fails([...walks, ...handWritten])) && (await fails([...walks, ...handWritten]))) {
        const r: ViewFolderResult = {
          folder,
          mutants: 0,
          killedByGenerated: 0,
          killedByAll: 0,
          survivors: [],
          seconds: (Date.now() - t0) / 1000,
          notMeasured: `the unmutated views fail their own tests twice: ${lastFailure.slice(0, 600)}`,
        };
        results.push(r);
        opts.log(`${folder.padEnd(26)} NOT MEASURED: ${r.notMeasured}`);
        continue;
      }
      const sources = filesUnder(folder).filter((f) => f.endsWith('.tsx'));
      const all: ViewMutant[] = sources.flatMap((f) =>
        enumerateViewMutants(f, readFileSync(join(ROOT, f), 'utf8')),
      );
      const mutants = spreadSample(all, opts.cap);
      let killedByGenerated = 0;
      let killedByAll = 0;
      const survivors: string[] = [];
      for (const m of mutants) {
        const file = join(ROOT, m.where.slice(0, m.where.lastIndexOf(':')));
        const original = readFileSync(file, 'utf8');
        restore = () => writeFileSync(file, original);
        writeFileSync(file, m.source);
        vitest.invalidateFile(file);
        try {
          if (await fails(walks)) {
            killedByGenerated++;
            killedByAll++;
          } else if (await fails(handWritten)) killedByAll++;
          else survivors.push(`${m.kind} ${relative(ROOT, file)}${m.where.slice(m.where.lastIndexOf(':'))}`);
        } finally {
          restore();
          restore = undefined;
          vitest.invalidateFile(file);
        }
      }
      const r: ViewFolderResult = {
        folder,
        mutants: mutants.length,
        killedByGenerated,
        killedByAll,
        survivors,
        seconds: (Date.now() - t0) / 1000,
      };
      results.push(r);
      opts.log(
        `${folder.padEnd(26)} ${r.killedByGenerated}/${r.mutants} by the view walks, ${r.killedByAll}/${r.mutants} with the hand-written view tests (of ${all.length} mutants) in ${r.seconds.toFixed(0)} s`,
      );
      for (const s of survivors) opts.log(`  survived: ${s}`);
    }
  } finally {
    restore?.();
    process.off('SIGINT', onExit);
    process.off('exit', onExit);
    await vitest.close();
  }
  return results;
}
