// @vitest-environment jsdom
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '@/machines/registry';
import { flattenNodes, toChart } from '../../scripts/lib/chart-model';

const dir = join(import.meta.dirname, '..', '..', 'docs', 'statecharts');

function parseXml(source: string): Document {
  return new DOMParser().parseFromString(source, 'application/xml');
}

describe.each(machineRegistry.map((e) => [e.id, e] as const))('committed XML charts of %s', (id, entry) => {
  it('scxml is well-formed SCXML with one state element per state node', async () => {
    const doc = parseXml(await readFile(join(dir, `${id}.scxml`), 'utf8'));

    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.localName).toBe('scxml');
    expect(doc.documentElement.namespaceURI).toBe('http://www.w3.org/2005/07/scxml');
    // the inline stubs of invoked actors are documents of their own
    const ids = [...doc.querySelectorAll('state, parallel, final')]
      .filter((el) => !el.closest('content'))
      .map((el) => el.getAttribute('id'));
    expect(ids).toContain(entry.machine.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(flattenNodes(toChart(entry.machine).root).length);
  });

  it('svg is well-formed and titled after the machine', async () => {
    const doc = parseXml(await readFile(join(dir, `${id}.svg`), 'utf8'));

    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.localName).toBe('svg');
    expect(doc.querySelector('g.graph > title')?.textContent).toBe(id);
  });

  it('json is the machine config', async () => {
    const json = JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as {
      id: string;
      states: object;
    };

    expect(json.id).toBe(entry.machine.id);
    expect(Object.keys(json.states)).toEqual(Object.keys(entry.machine.root.states));
  });
});
