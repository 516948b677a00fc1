import { createMachine } from 'xstate';
import { isDeepStrictEqual } from 'node:util';
import { machineRegistry } from '../src/machines/registry';
import { toChart } from './lib/chart-model';
import { toStatelyJson } from './lib/stately-json';
for (const e of machineRegistry) {
  const a = toChart(e.machine);
  const b = toChart(createMachine(JSON.parse(toStatelyJson(a))));
  const key = (x: any) => `${x.source}|${x.eventType}|${x.index}`;
  const ea = [...a.edges].sort((x, y) => key(x).localeCompare(key(y)));
  const eb = [...b.edges].sort((x, y) => key(x).localeCompare(key(y)));
  console.log(e.id, isDeepStrictEqual(a.root, b.root), isDeepStrictEqual(ea, eb), a.edges.length, b.edges.length);
  if (!isDeepStrictEqual(ea, eb)) for (let i = 0; i < ea.length; i++) if (!isDeepStrictEqual(ea[i], eb[i])) { console.log(ea[i], eb[i]); break; }
}
