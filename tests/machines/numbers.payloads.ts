import type { NumbersEvent, NumbersInput, NumbersPageResult } from '@/machines/numbers.machine';
import type { ModelTestEntry } from '../support/model-registry';
import { payloadsFor } from '../support/model-universe';

const noSession = { code: 'E009' };
const offline = new Error('network unreachable');

export const numbersInput: NumbersInput = { ban: '100234561', params: { status: 'active', page: 1, q: '' } };
export const numbersPage: NumbersPageResult = {
  rows: [{ sn: '901234567', status: 'A', pricePlan: 'Biznes 50', name: 'Karimov Oʻktam' }],
  // a first page of two (the one row standing for a full page): page 2 is a page of the list, not past its end
  total: 51,
  totalPages: 2,
};

/** The number list's model-test entry: every guard both ways, every call answered, failed and empty. */
export const numbersModelEntry: ModelTestEntry = {
  id: 'numbers',
  input: numbersInput,
  payloads: payloadsFor<NumbersEvent>({
    'params.changed': [
      // the URL asks again for what is shown: ignored (guard false)
      { type: 'params.changed', params: numbersInput.params },
      { type: 'params.changed', params: { status: 'blocked', page: 1, q: '' } },
      // the next page of the same tab (a tab or a filter asked from there goes back to page 1)
      { type: 'params.changed', params: { status: 'active', page: 2, q: '' } },
      // the same tab and page with digits typed in the filter: a new list, and what is exported is the filtered one
      { type: 'params.changed', params: { status: 'active', page: 1, q: '9012' } },
    ],
    'export.start': [
      { type: 'export.start', format: 'csv' },
      { type: 'export.start', format: 'xlsx' },
    ],
    'xstate.done.actor.fetchNumbers': [
      { type: 'xstate.done.actor.fetchNumbers', output: numbersPage },
      // boundary: an empty list (a filter matching nothing, or the page after the last)
      { type: 'xstate.done.actor.fetchNumbers', output: { rows: [], total: 0, totalPages: 0 } },
    ],
    'xstate.error.actor.fetchNumbers': [{ type: 'xstate.error.actor.fetchNumbers', error: offline }],
    'xstate.done.actor.prefetchNumbers': [
      // N6: the other tabs' first pages at hand (the blocked tab of the switch above is among them) …
      {
        type: 'xstate.done.actor.prefetchNumbers',
        output: [{ params: { status: 'blocked', page: 1, q: '' }, ...numbersPage }],
      },
      // … or none (every prefetch failed)
      { type: 'xstate.done.actor.prefetchNumbers', output: [] },
    ],
    'xstate.error.actor.prefetchNumbers': [{ type: 'xstate.error.actor.prefetchNumbers', error: offline }],
    'xstate.done.actor.exportNumbers': [{ type: 'xstate.done.actor.exportNumbers', output: undefined }],
    'xstate.error.actor.exportNumbers': [{ type: 'xstate.error.actor.exportNumbers', error: noSession }],
  }),
};
