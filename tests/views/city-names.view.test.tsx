// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import { i18n } from '@/i18n/i18n';
import {
  type FetchPreordersInput,
  type PreorderListPage,
  preorderListMachine,
} from '@/machines/preorder-list.machine';
import { PreorderListContext } from '@/views/preorders/preorders.context';
import { PreorderListView } from '@/views/preorders/preorders.view';
import { preorderRows } from '../machines/new-client.payloads';
import { TestProviders } from '../support/render-workflow';

/**
 * The staff pre-order list names each pre-order's city in the page's language from the one catalogue of cities
 * (docs/decisions.md NC18), never its market code; a code the catalogue does not hold is shown as sent.
 */
const CITY = { ru: ['Бухара', 'SAM'], uz: ['Buxoro', 'SAM'] } as const;

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('ru'));
});

describe('the pre-order list names the cities in the page language', () => {
  it.each(['ru', 'uz'] as const)('%s', async (lang) => {
    await act(() => i18n.changeLanguage(lang));
    const logic = preorderListMachine.provide({
      actors: {
        fetchPreorders: fromPromise<PreorderListPage, FetchPreordersInput>(async () => ({
          rows: preorderRows,
          total: 2,
        })),
      },
    });
    render(
      <I18nextProvider i18n={i18n}>
        <Router hook={memoryLocation({ path: '/orders/preorders' }).hook}>
          <TestProviders>
            <PreorderListContext.Provider logic={logic} input={{ page: 1 }}>
              <PreorderListView />
            </PreorderListContext.Provider>
          </TestProviders>
        </Router>
      </I18nextProvider>,
    );
    const table = await screen.findByTestId('preorders-table');
    const cities = [...table.querySelectorAll('tbody tr')].map((tr) => tr.children[3]?.textContent);
    expect(cities).toEqual(CITY[lang]);
    // on a phone each value is a card line beside its column's name
    expect(table.querySelector('tbody td:nth-child(4)')?.getAttribute('data-label')).toBe(
      i18n.getFixedT(lang)('newClient.columns.city'),
    );
  });
});
