// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { type UploadContext as Ctx, type UploadFile, uploadMachine } from '@/machines/upload.machine';
import { UploadWidget } from '@/views/upload/upload.view';
import { uploadModelEntry } from '../machines/upload.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { renderWorkflow } from '../support/render-workflow';
import { settleInAct } from '../support/view-act';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

const t = i18n.getFixedT('ru');

/** A real File with the payload's name, type and size (its bytes do not matter here: the sniff result is faked, and
 *  a 20 MB buffer would only slow the walk down). */
function realFile(f: UploadFile): File {
  const file = new File([new Uint8Array(Math.min(f.size, 16))], f.name, { type: f.type });
  Object.defineProperty(file, 'size', { value: f.size });
  return file;
}

/** What the widget must show in a state, beyond `data-state` and the meta test ids. */
function expectTexts(state: AnyMachineSnapshot, broken: boolean) {
  const ctx = state.context as Ctx;
  const choose = screen.getByTestId('upload-choose') as HTMLButtonElement;
  expect(broken ? false : choose.disabled).toBe(state.hasTag('busy'));
  for (const phase of ['failed', 'rejected'] as const) {
    const box = screen.queryByTestId(`upload-${phase}`);
    expect(box !== null).toBe(state.matches(phase));
    if (box) {
      expect(box.dataset.code).toBe(ctx.error);
      if (ctx.error === 'E118') expect(box.textContent).toContain(t('errors.E118'));
    }
  }
  expect(screen.queryByTestId('upload-retry') !== null).toBe(state.matches('failed') && ctx.error !== 'E009');
  if (state.matches('uploading') && ctx.progress) {
    const percent = Math.floor((ctx.progress.loaded / ctx.progress.total) * 100);
    expect(screen.getByTestId('upload-percent').textContent).toBe(t('upload.percent', { percent }));
    expect(screen.getByRole('progressbar').getAttribute('value')).toBe(String(percent));
  }
  if (state.matches('done') && ctx.receipt) {
    expect(screen.getByTestId('upload-done').dataset.status).toBe(String(ctx.receipt.status));
    if (ctx.receipt.message)
      expect(screen.getByTestId('upload-status').textContent).toContain(ctx.receipt.message);
  }
  expect(screen.queryByTestId('upload-cancelled') !== null).toBe(state.matches('idle') && ctx.cancelled);
}

function mount(options: { broken?: boolean; timeout?: number } = {}): ViewDriver {
  const deferred = createDeferredActors(uploadMachine);
  renderWorkflow(<UploadWidget target={{ kind: 'document', id: '41' }} label="Новый скан документа" />, {
    fakes: { upload: uploadMachine.provide({ actors: deferred.actors }) },
  });
  // the picker's "all files" lets a user pick what `accept` does not list: the chart must refuse it
  const user = userEvent.setup({ applyAccept: false });
  let drops = 0;
  const perform = performBy(
    {
      'upload.open': () => user.click(screen.getByTestId('upload-choose')),
      'upload.dismiss': () => {
        act(() => {
          screen.getByTestId('upload-input').dispatchEvent(new Event('cancel'));
        });
      },
      // every other file comes by drag and drop, the rest through the picker
      'file.chosen': async (event: EventObject) => {
        const file = realFile((event as EventObject & { file: UploadFile }).file);
        if (drops++ % 2 === 0) {
          fireEvent.drop(screen.getByTestId('upload-drop'), { dataTransfer: { files: [file] } });
        } else {
          await user.upload(screen.getByTestId('upload-input') as HTMLInputElement, file);
        }
      },
      // the running upload actor tells its chart, as the real one does
      'upload.progressed': (event: EventObject) => {
        const running = deferred.pending().find((p) => p.id === 'uploadFile');
        if (!running) throw new Error('no running upload');
        act(() =>
          (running.ref as unknown as { _parent: { send(e: EventObject): void } })._parent.send(event),
        );
      },
      'upload.cancel': () => user.click(screen.getByTestId('upload-cancel')),
      'upload.retry': () =>
        user.click(within(screen.getByTestId('upload-failed')).getByTestId('upload-retry')),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // the file is checked or sent: no other file can be chosen (or dropped) and the send not retried, Cancel
        // stays; the widget says it is busy and shows the check or the progress of this file
        tag: 'busy',
        controls: () => [
          ...screen.queryAllByTestId('upload-choose'),
          ...screen.queryAllByTestId('upload-retry'),
        ],
        shown: () => {
          const widget = document.querySelector('section.upload');
          expect(widget?.getAttribute('aria-busy')).toBe('true');
          expect(
            screen.queryByTestId('upload-checking') ?? screen.queryByTestId('upload-progress'),
            'the check or the progress of the file',
          ).not.toBeNull();
        },
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          expect(screen.getByTestId('upload').dataset.state).toBe(step.expected.dataState);
          for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
          expectTexts(step.state, options.broken === true);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

/** Whether a user can make the event happen: there is no retry button after E009 (the session is ending). */
function performable(event: EventObject, before: AnyMachineSnapshot | undefined): boolean {
  if (event.type === 'upload.retry') return (before?.context as Ctx | undefined)?.error !== 'E009';
  return true;
}

const paths: readonly MachinePath[] = generateModelPaths(
  buildModelGraph(uploadMachine, uploadModelEntry),
).filter((p) => p.steps.every((s, i) => i === 0 || performable(s.event, p.steps[i - 1]?.state)));

afterEach(cleanup);

describe('upload view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect(Object.keys(uploadMachine.root.states).filter((s) => !seen.has(s))).toEqual([]);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(uploadMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
  );

  it('catches a choose button that stays enabled while the file is being sent', async () => {
    const toUploading = paths.find((p) => p.steps.some((s) => s.state.matches('uploading')));
    expect(toUploading).toBeDefined();
    if (!toUploading) return;
    await expect(
      walkViewPath(uploadMachine, toUploading, mount({ broken: true, timeout: 200 })),
    ).rejects.toThrow(/view did not show (validating|uploading)/);
  });
});
