import type { ChartOracle, Ctx, Ev } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the upload chart: spec 4 "Document upload status: 0 initial, 1 ok, 2 error with server
 * message", spec 5/8 "Unsupported upload format gives E118", spec 7 `documents/re-upload` (multipart), the issue's
 * chart (idle → choosing → validating → uploading → done / failed, retry, choose another, cancel) and decisions
 * DOC3-DOC6 (limits, type by bytes, refused vs failed, cancel). Written from those texts, not from the chart.
 */

/** DOC3: PDF, JPEG or PNG by name, up to 20 MB, not empty. */
const LIMIT = 20 * 1024 * 1024;
const NAMES = /\.(pdf|jpe?g|png)$/i;
function refusalOf(file: Ctx): string | null {
  if (file.size <= 0) return 'upload.empty';
  if (file.size > LIMIT) return 'upload.tooLarge';
  if (!NAMES.test(file.name)) return 'E118';
  return null;
}

/** DOC5: a refusal means the file itself is wrong (choose another); anything else may be retried. */
const FILE_ERRORS = ['E118', 'upload.tooLarge', 'upload.empty'];

const AT_REST = ['idle', 'choosing', 'done', 'failed', 'rejected'];
const fresh = (file: Ctx) => ({ file, receipt: null, progress: null, cancelled: false });

export const uploadOracle: ChartOracle = {
  id: 'upload',
  initial: { to: 'idle' },
  // the widget is opened for a target (spec 7 documents/re-upload); DOC3 its limits are PDF, JPEG, PNG up to 20 MB
  context: (input) => ({
    target: (input as Ctx).target,
    limits: { kinds: ['pdf', 'jpeg', 'png'], maxBytes: LIMIT },
    file: null,
    progress: null,
    error: null,
    receipt: null,
    cancelled: false,
  }),
  invokes: {
    // DOC4: the first bytes of the chosen file are read to tell its real type
    validating: { sniffFile: (c) => ({ file: c.file }) },
    // spec 7 documents/re-upload (multipart) to the target the widget was opened for
    uploading: { uploadFile: (c) => ({ target: c.target, file: c.file }) },
  },
  rows: [
    {
      from: AT_REST,
      event: 'file.chosen',
      when: (_, ev) => refusalOf(ev.file) !== null,
      to: 'rejected',
      ctx: (_, ev: Ev) => ({ ...fresh(ev.file), error: refusalOf(ev.file) }),
      spec: 'spec 8 E118 unsupported format; DOC3 empty or over 20 MB refused before sending',
    },
    {
      from: AT_REST,
      event: 'file.chosen',
      to: 'validating',
      ctx: (_, ev: Ev) => ({ ...fresh(ev.file), error: null }),
      spec: 'issue: validating (type and size on the client); DOC4 then its bytes',
    },
    {
      from: 'idle',
      event: 'upload.open',
      to: 'choosing',
      ctx: () => ({ cancelled: false }),
      spec: 'issue: idle → choosing (the file picker)',
    },
    {
      from: ['done', 'failed', 'rejected'],
      event: 'upload.open',
      to: 'choosing',
      spec: 'issue: choose another file',
    },
    {
      from: 'choosing',
      event: 'upload.dismiss',
      to: 'idle',
      spec: 'DOC5 the picker closed without a file: back to the drop zone',
    },
    {
      from: 'validating',
      event: done('sniffFile'),
      when: (_, ev) => ['pdf', 'jpeg', 'png'].includes(ev.output),
      to: 'uploading',
      ctx: (c) => ({ progress: { loaded: 0, total: c.file.size }, error: null }),
      spec: 'DOC4 the bytes are a PDF, JPEG or PNG: the file is sent, progress from 0',
    },
    {
      from: 'validating',
      event: done('sniffFile'),
      to: 'rejected',
      ctx: () => ({ error: 'E118' }),
      spec: 'spec 8 E118; DOC4 a renamed file is refused by its bytes',
    },
    {
      from: 'validating',
      event: failed('sniffFile'),
      to: 'rejected',
      ctx: () => ({ error: 'upload.unreadable' }),
      spec: 'DOC5 a file the browser cannot read: choose it again',
    },
    {
      from: 'uploading',
      event: 'upload.progressed',
      to: '.',
      ctx: (_, ev) => ({ progress: { loaded: ev.loaded, total: ev.total } }),
      spec: 'issue: uploading (with progress)',
    },
    {
      from: 'uploading',
      event: done('uploadFile'),
      to: 'done',
      ctx: (_, ev) => ({ receipt: ev.output }),
      spec: "spec 4 status 1 ok, 2 error with the server's message",
    },
    {
      from: 'uploading',
      event: failed('uploadFile'),
      when: (_, ev) => FILE_ERRORS.includes(codeOf(ev)),
      to: 'rejected',
      ctx: (_, ev) => ({ error: codeOf(ev) }),
      spec: 'issue: then again on the server; spec 8 E118 from the server',
    },
    {
      from: 'uploading',
      event: failed('uploadFile'),
      to: 'failed',
      ctx: (_, ev) => ({ error: codeOf(ev) }),
      spec: 'issue: failed (retry, choose another file); spec 8 E009 resets the session',
    },
    {
      from: 'uploading',
      event: 'upload.cancel',
      to: 'idle',
      ctx: () => ({ cancelled: true, file: null, progress: null }),
      spec: 'issue: uploading (with progress and cancel); DOC5 cancel drops the file',
    },
    {
      from: 'failed',
      event: 'upload.retry',
      when: (c) => c.error !== 'E009',
      to: 'uploading',
      ctx: (c) => ({ progress: { loaded: 0, total: c.file.size }, error: null, file: c.file }),
      spec: 'issue: failed → retry; spec 8 not after E009 (the session is ending)',
    },
  ],
};
