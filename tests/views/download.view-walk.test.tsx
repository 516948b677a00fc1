// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { type DownloadContext as Ctx, downloadMachine } from '@/machines/download.machine';
import { DownloadButton } from '@/views/documents/download-button.view';
import { downloadInput, downloadModelEntry } from '../machines/documents.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { renderWorkflow } from '../support/render-workflow';
import { settleInAct } from '../support/view-act';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

const t = i18n.getFixedT('ru');
const ID = 'dl';

function expectTexts(state: AnyMachineSnapshot, broken: boolean) {
  const ctx = state.context as Ctx;
  const button = screen.getByTestId(`${ID}-start`) as HTMLButtonElement;
  expect(broken ? false : button.disabled).toBe(state.matches('downloading'));
  const progress = screen.queryByTestId(`${ID}-progress`);
  expect(progress !== null).toBe(state.matches('downloading'));
  if (progress && ctx.progress && ctx.progress.total > 0) {
    const percent = Math.floor((ctx.progress.loaded / ctx.progress.total) * 100);
    expect(progress.textContent).toContain(t('documents.downloads.percent', { percent }));
  }
  expect(screen.queryByTestId(`${ID}-error`)?.dataset.code ?? null).toBe(
    state.matches('failed') ? ctx.error : null,
  );
  expect(screen.queryByTestId(`${ID}-saved`)?.textContent ?? null).toBe(
    state.matches('idle') && ctx.saved ? t('documents.downloads.saved', { name: ctx.target.fileName }) : null,
  );
}

function mount(options: { broken?: boolean; timeout?: number } = {}): ViewDriver {
  const deferred = createDeferredActors(downloadMachine);
  renderWorkflow(<DownloadButton target={downloadInput.target} label="Скачать PDF" testId={ID} />, {
    fakes: { download: downloadMachine.provide({ actors: deferred.actors }) },
  });
  const user = userEvent.setup();
  const perform = performBy(
    {
      'download.start': () => user.click(screen.getByTestId(`${ID}-start`)),
      'download.progressed': (event: EventObject) => {
        const running = deferred.pending().find((p) => p.id === 'downloadFile');
        if (!running) throw new Error('no running download');
        act(() =>
          (running.ref as unknown as { _parent: { send(e: EventObject): void } })._parent.send(event),
        );
      },
      'download.cancel': () =>
        user.click(
          within(screen.getByTestId(`${ID}-progress`)).getByRole('button', {
            name: t('documents.downloads.cancel'),
          }),
        ),
      'download.dismiss': () =>
        user.click(
          within(screen.getByTestId(`${ID}-error`)).getByRole('button', {
            name: t('documents.downloads.dismiss'),
          }),
        ),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // the file arrives: it cannot be asked again (Cancel stays); the button says it is busy
        tag: 'busy',
        controls: () => [
          screen.getByTestId(`${ID}-start`),
          ...within(screen.getByTestId(ID)).queryAllByRole('button', { name: t('app.retry') }),
        ],
        shown: () => expect(screen.getByTestId(`${ID}-start`).getAttribute('aria-busy')).toBe('true'),
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          expect(screen.getByTestId(ID).dataset.state).toBe(step.expected.dataState);
          expectTexts(step.state, options.broken === true);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

/** The retry of a failure is the error's own button: the path's `download.start` from `failed` clicks it. */
const paths: readonly MachinePath[] = generateModelPaths(
  buildModelGraph(downloadMachine, downloadModelEntry),
);

afterEach(cleanup);

describe('download view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect(Object.keys(downloadMachine.root.states).filter((s) => !seen.has(s))).toEqual([]);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      expect(await walkViewPath(downloadMachine, path, mount())).toBe(path.steps.length - 1);
    },
  );

  it('catches a button that stays enabled while the file downloads', async () => {
    const path = paths.find((p) => p.steps.some((s) => s.state.matches('downloading')));
    expect(path).toBeDefined();
    if (!path) return;
    await expect(walkViewPath(downloadMachine, path, mount({ broken: true, timeout: 200 }))).rejects.toThrow(
      /view did not show downloading/,
    );
  });
});
