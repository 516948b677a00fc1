import type { ChartOracle } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the public new-numbers page: spec 2 (`/new-numbers` is public), spec 7 GET
 * golden-number/categories/qr, the onboarding requirements ("categories and prices, a few example numbers of each, the way to become a
 * client"), decision NC9.
 */
export const newNumbersOracle: ChartOracle = {
  id: 'newNumbers',
  initial: { to: 'loading' },
  // the page takes no input: nothing is shown and nothing has failed before the categories come
  context: () => ({ categories: [], errorCode: null }),
  invokes: { loading: { fetchQrCategories: () => undefined } },
  rows: [
    {
      from: 'loading',
      event: done('fetchQrCategories'),
      when: (_, ev) => ev.output.length > 0,
      to: 'shown',
      ctx: (_, ev) => ({ categories: ev.output, errorCode: null }),
      spec: 'the onboarding requirements: the categories with prices and examples',
    },
    {
      from: 'loading',
      event: done('fetchQrCategories'),
      to: 'empty',
      spec: 'NC9: no category on sale: said so, the way to become a client still shown',
    },
    {
      from: 'loading',
      event: failed('fetchQrCategories'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8: a failed call shows its error; retry',
    },
    { from: 'failed', event: 'retry', to: 'loading', spec: 'NC9: retry loads again' },
  ],
};
