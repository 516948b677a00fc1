// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import {
  type DocumentsContext as Ctx,
  type DocumentsInput,
  documentsMachine,
} from '@/machines/documents.machine';
import { DocumentsContext } from '@/views/documents/documents.context';
import { DocumentsListView } from '@/views/documents/documents.view';
import {
  documentsModelEntry,
  listInput,
  suspendInput,
  suspendTabEntry,
} from '../machines/documents.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { renderWorkflow } from '../support/render-workflow';
import { settleInAct } from '../support/view-act';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

const t = i18n.getFixedT('ru');

/** The document types spec 3 names (written out here, not read from src/domain). */
const NAMED_TYPES: readonly number[] = [1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

/** What the page must show in a state, beyond `data-state` and the meta test ids. */
function expectTexts(state: AnyMachineSnapshot, broken: boolean) {
  const ctx = state.context as Ctx;
  const page = screen.getByTestId('documents-page');
  expect(page.getAttribute('aria-busy')).toBe(String(broken ? false : state.matches('loading')));
  // the list page's heading and the line under it, in every state (DOC8)
  expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(t('documents.title'));
  expect(page.querySelector('.docs__subtitle')?.textContent ?? null).toBe(t('documents.subtitle'));
  const filterError = screen.queryByTestId('documents-range-error');
  expect(filterError?.textContent ?? null).toBe(
    ctx.filterError ? formatErrorMessage(t, ctx.filterError) : null,
  );
  if (state.matches('ready') && ctx.content?.kind === 'orders') {
    // the list's first page (the walk mounts page 1): ten orders a page
    for (const o of ctx.content.orders.slice(10)) expect(screen.queryByTestId(`order-${o.id}`)).toBeNull();
    for (const o of ctx.content.orders.slice(0, 10)) {
      const block = screen.getByTestId(`order-${o.id}`);
      expect(block.textContent).toContain(t('documents.order.title', { id: o.id }));
      for (const d of o.documents) {
        const row = within(block).getByTestId(`document-${d.id}`);
        // spec 3 document types: each row names its type; a type the spec does not name says its number
        const label = NAMED_TYPES.includes(d.type)
          ? t(`documents.types.${d.type}` as 'documents.types.1')
          : t('documents.types.unknown', { type: d.type });
        expect(row.querySelector('.docs__type')?.textContent).toBe(label);
        // DOC14: the title is the type's label and the document's number, not the title it was issued with
        expect(row.querySelector('.docs__title')?.textContent).toBe(`${label} № ${d.number}`);
      }
    }
    expect(screen.queryByText(t('documents.noOrders')) !== null).toBe(ctx.content.orders.length === 0);
  }
  if (state.matches('ready') && ctx.content?.kind === 'documents') {
    // the list's first page (the walk mounts page 1): twenty documents a page
    for (const d of ctx.content.documents.slice(20))
      expect(screen.queryByTestId(`document-${d.id}`)).toBeNull();
    for (const d of ctx.content.documents.slice(0, 20))
      expect(screen.getByTestId(`document-${d.id}`).querySelector('.docs__title')?.textContent).toBe(
        `${t(`documents.types.${d.type}` as 'documents.types.1')} № ${d.number}`,
      );
  }
  const error = screen.queryByTestId('documents-error');
  expect(error !== null).toBe(state.matches('failed'));
  if (error && ctx.error) expect(error.textContent).toContain(formatErrorMessage(t, ctx.error));
  expect(screen.queryByTestId('documents-error-retry') !== null).toBe(
    state.matches('failed') && ctx.error !== 'E009',
  );
}

function mount(options: { broken?: boolean; timeout?: number; input?: DocumentsInput } = {}): ViewDriver {
  const deferred = createDeferredActors(documentsMachine);
  renderWorkflow(
    <DocumentsContext.Provider
      logic={documentsMachine.provide({ actors: deferred.actors })}
      input={options.input ?? listInput}
    >
      <DocumentsListView query={(tab) => `?tab=${tab}`} />
    </DocumentsContext.Provider>,
  );
  const user = userEvent.setup();
  const perform = performBy(
    {
      'filter.submit': async (event: EventObject) => {
        const { filter } = event as EventObject & { filter: { dt1: string; dt2: string } };
        fireEvent.change(screen.getByTestId('documents-range-from'), { target: { value: filter.dt1 } });
        fireEvent.change(screen.getByTestId('documents-range-to'), { target: { value: filter.dt2 } });
        await user.click(screen.getByTestId('documents-apply'));
      },
      'content.retry': () => user.click(screen.getByTestId('documents-error-retry')),
      'content.refresh': () => user.click(screen.getByTestId('documents-refresh')),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // the list, order or document is read: it cannot be refreshed or retried, nor a page of the rows shown before
        // asked; the page is busy and says it loads
        tag: 'busy',
        controls: () =>
          [
            'documents-refresh',
            'documents-list-prev',
            'documents-list-next',
            'documents-error-retry',
          ].flatMap((id) => screen.queryAllByTestId(id)),
        shown: () => {
          expect(screen.getByTestId('documents-page').getAttribute('aria-busy')).toBe('true');
          expect(screen.getByTestId('documents-loading').textContent).toBe(t('documents.loading'));
        },
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          expect(screen.getByTestId('documents-page').dataset.state).toBe(step.expected.dataState);
          for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
          expectTexts(step.state, options.broken === true);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

/** A retry is offered except after E009 (the session is ending): a path sending it then is not a user's. */
function performable(event: EventObject, before: AnyMachineSnapshot | undefined): boolean {
  if (event.type === 'content.retry') return (before?.context as Ctx | undefined)?.error !== 'E009';
  return true;
}

const paths: readonly MachinePath[] = generateModelPaths(
  buildModelGraph(documentsMachine, documentsModelEntry),
).filter((p) => p.steps.every((s, i) => i === 0 || performable(s.event, p.steps[i - 1]?.state)));

/** The suspension tab's paths that show its documents (the rest are the orders tab's, walked above). */
const suspendPaths: readonly MachinePath[] = generateModelPaths(
  buildModelGraph(documentsMachine, suspendTabEntry),
)
  .filter((p) => p.steps.every((s, i) => i === 0 || performable(s.event, p.steps[i - 1]?.state)))
  .filter((p) => p.steps.some((s) => (s.state.context as Ctx).content?.kind === 'documents'));

afterEach(cleanup);

describe('documents view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect(Object.keys(documentsMachine.root.states).filter((s) => !seen.has(s))).toEqual([]);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      expect(await walkViewPath(documentsMachine, path, mount())).toBe(path.steps.length - 1);
    },
  );

  // the suspension tab: a documents list, not orders
  it.each(suspendPaths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'suspension tab path %i shows each state along %s',
    async (_, __, path) => {
      expect(await walkViewPath(documentsMachine, path, mount({ input: suspendInput }))).toBe(
        path.steps.length - 1,
      );
    },
  );

  it('catches a page that does not say it is busy while loading', async () => {
    const path = paths[0];
    expect(path).toBeDefined();
    if (!path) return;
    await expect(walkViewPath(documentsMachine, path, mount({ broken: true, timeout: 200 }))).rejects.toThrow(
      /view did not show loading/,
    );
  });
});
