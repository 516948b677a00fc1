import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import ru from '@/i18n/ru.json';
import uz from '@/i18n/uz.json';
import { machineRegistry } from '@/machines/registry';
import {
  type FileEntry,
  type FileKind,
  loadManifests,
  workflowFiles,
} from '../../scripts/lib/workflow-index';
import { getModelTestEntry } from '../support/model-registry';
import { testAppLogic } from '../support/render-workflow';

/** Every registered workflow against the file list of docs/new-workflow.md, as its area's manifest
 *  (src/app/<area>.workflow.ts) decides it: named after the area and the chart unless the manifest says otherwise. */
const ROOT = join(import.meta.dirname, '..', '..');
const FILES = workflowFiles(await loadManifests(ROOT));
const filesOf = (id: string): Record<FileKind, FileEntry> => {
  const files = FILES[id];
  if (!files) throw new Error(`chart '${id}' is in no manifest`);
  return files;
};
const DOC = readFileSync(join(ROOT, 'docs/new-workflow.md'), 'utf8');

/** The rows of the doc's table: kind and path template (`<name>`, `<area>` stand for kebab-case names, `<id>` for the
 *  camelCase registry id). */
const DOC_ROWS = [...DOC.matchAll(/^\| (\d+) \| `(\w+)` \| ([^|]+) \|/gm)].map((m) => ({
  kind: m[2] as FileKind,
  template: /`([^`]+)`/.exec(m[3] ?? '')?.[1] ?? '',
}));

function templateRegex(template: string): RegExp {
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^${escaped.replace(/<(name|area)>/g, '[a-z0-9-]+').replace(/<id>/g, '[a-z][A-Za-z0-9]*')}$`,
  );
}

const KEYED: ReadonlySet<FileKind> = new Set(['logic', 'i18n', 'registry']);

describe('the recipe of docs/new-workflow.md', () => {
  it('lists the sixteen kinds, in order, that the manifest uses', () => {
    const kinds = DOC_ROWS.map((r) => r.kind);
    expect(kinds).toHaveLength(16);
    for (const id of Object.keys(FILES)) expect(Object.keys(filesOf(id)).sort()).toEqual([...kinds].sort());
  });

  it('has a manifest entry for every registered workflow and none for an unregistered one', () => {
    expect(Object.keys(FILES).sort()).toEqual(machineRegistry.map((e) => e.id).sort());
  });
});

describe.each(machineRegistry.map((e) => [e.id] as const))('workflow %s', (id) => {
  const files = filesOf(id);
  const present = (kind: FileKind) => {
    const entry = files[kind];
    return typeof entry === 'string' ? entry : null;
  };

  it.each(DOC_ROWS.filter((r) => !KEYED.has(r.kind)).map((r) => [r.kind, r.template] as const))(
    '%s: exists where the recipe says (%s), or says why not',
    (kind, template) => {
      const entry = files[kind];
      if (typeof entry !== 'string') {
        expect(entry.none.length).toBeGreaterThan(10);
        return;
      }
      expect(entry).toMatch(templateRegex(template));
      expect(existsSync(join(ROOT, entry))).toBe(true);
    },
  );

  it('chart: the registered machine is the one in its chart file', () => {
    const chart = present('chart');
    expect(chart).not.toBeNull();
    const source = readFileSync(join(ROOT, chart ?? ''), 'utf8');
    expect(source).toContain(`id: '${id}'`);
  });

  it('logic: a field of WorkflowLogic, filled by createAppLogic (a page’s in createPageLogic, a public page’s by its loaders, NC15)', () => {
    const key = present('logic');
    if (key === null) return;
    expect(key).toBe(id);
    expect(Object.keys(testAppLogic())).toContain(key);
    const root = [
      'src/app/app-logic.ts',
      'src/views/common/page-logic.generated.ts',
      'src/app/public-logic.ts',
    ]
      .map((file) => readFileSync(join(ROOT, file), 'utf8'))
      .join('\n');
    expect(root).toMatch(new RegExp(`\\b${key}:`));
  });

  it('i18n: its texts under one key, in both languages', () => {
    const key = present('i18n') ?? '';
    expect(ru).toHaveProperty(key);
    expect(uz).toHaveProperty(key);
  });

  it('registry: in the chart registry and the model-test registry', () => {
    expect(present('registry')).toBe(id);
    expect(getModelTestEntry(id).id).toBe(id);
  });
});
