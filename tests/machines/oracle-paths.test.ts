import { describe, expect, it } from 'vitest';
import { loadCoverage, oracleCoverageData } from '../../scripts/lib/chart-coverage';
import { selectedModels } from '../support/model-registry';
import { checkAgainstOracle } from '../support/oracle-check';
import { chartOracles } from './oracles';

describe.each(selectedModels().map((m) => [m.entry.id, m] as const))(
  'oracle of %s',
  (id, { entry, test }) => {
    it('has a hand-written oracle table', () => {
      expect(Object.keys(chartOracles)).toContain(id);
    });

    const oracle = chartOracles[id];
    if (!oracle) return;
    const result = checkAgainstOracle(entry.machine, oracle, test);

    it('every step of every generated path does what the oracle says', () => {
      expect(result.paths).toBeGreaterThan(0);
      expect(result.failures.slice(0, 5)).toEqual([]);
    });

    it('sends every event from every explored state (graph edges)', () => {
      expect(result.edges.uncovered).toEqual([]);
      expect(result.edges.total).toBeGreaterThan(0);
    });

    it('sees both outcomes of every guard at every place of use', () => {
      expect(result.guardUses.uncovered).toEqual([]);
    });

    it('walks at least 90 % of the transition pairs the explored graph makes possible, checked by the oracle', () => {
      expect(result.pairs.total).toBeGreaterThan(0);
      expect(result.pairs.covered / result.pairs.total).toBeGreaterThanOrEqual(0.9);
    });

    it('is what the explorer shows (docs/statecharts/coverage.json; `npm run charts` when this fails)', () => {
      expect(loadCoverage()[id]?.oracle).toEqual(oracleCoverageData(result));
    });
  },
);
