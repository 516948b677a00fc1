import type { ChartOracle } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of a download button: spec 7 "documents/re-download (pdf blob), delivery/byId (blob),
 * instruction (docx blob)", the "a progress indication for slow downloads and a clear error when one fails",
 * spec 8 (the error's text), decision DOC9. Written from those texts, not from the chart.
 */
export const downloadOracle: ChartOracle = {
  id: 'download',
  initial: { to: 'idle' },
  // DOC9: the button knows what it downloads and under which name; nothing has arrived or failed yet
  context: (input) => ({
    target: (input as { target: unknown }).target,
    progress: null,
    error: null,
    saved: false,
  }),
  invokes: {
    downloading: { downloadFile: (c) => ({ target: c.target }) },
  },
  rows: [
    {
      from: ['idle', 'failed'],
      event: 'download.start',
      to: 'downloading',
      ctx: () => ({ progress: { loaded: 0, total: 0 }, error: null, saved: false }),
      spec: 'spec 7 re-download / delivery / instruction; DOC9 (again after a failure)',
    },
    {
      from: 'downloading',
      event: 'download.progressed',
      to: '.',
      ctx: (_, ev) => ({ progress: { loaded: ev.loaded, total: ev.total } }),
      spec: 'issue: a progress indication for slow downloads',
    },
    {
      from: 'downloading',
      event: done('downloadFile'),
      to: 'idle',
      ctx: () => ({ saved: true, progress: null }),
      spec: 'DOC9 the file is saved under a people’s name',
    },
    {
      from: 'downloading',
      event: failed('downloadFile'),
      to: 'failed',
      ctx: (_, ev) => ({ error: codeOf(ev), progress: null }),
      spec: 'issue: a clear error when one fails; spec 8',
    },
    {
      from: 'downloading',
      event: 'download.cancel',
      to: 'idle',
      ctx: () => ({ error: null, progress: null }),
      spec: 'DOC9 a slow download may be cancelled',
    },
    {
      from: 'failed',
      event: 'download.dismiss',
      to: 'idle',
      ctx: () => ({ error: null, progress: null }),
      spec: 'DOC9 close the error',
    },
  ],
};
