import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { megabytes, UPLOAD_KINDS, type UploadLimits, uploadAccept } from '@/domain/upload.rules';
import { formatErrorMessage } from '@/i18n/messages';
import type { UploadFile, UploadMachine, UploadTarget } from '@/machines/upload.machine';
import { connectUpload } from '@/machines/upload.selectors';
import { useFileSize } from '@/views/common/file-size';
import { useWorkflow } from '@/views/common/use-workflow';
import { useWorkflowActor } from '@/views/common/workflow-actor';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import './upload.css';
import { SendButton } from '@/views/common/send-button.view';

/**
 * The upload widget (docs/decisions.md DOC5): a drop zone with a "choose file" button, the client check, a progress
 * bar with cancel, and the server's answer. Generic: it uploads to whatever `target` names (the upload chart's input),
 * through the app's `upload` logic or the `logic` given (a workflow with its own senders, e.g. AT 39):
 *
 * ```tsx
 * <UploadWidget target={{ kind: 'document', id: String(docId) }} label={t('documents.reUpload')} />
 * ```
 *
 * Everything it shows comes from the chart (src/machines/upload.selectors.ts); it only sends the user's intents and
 * the picker's and the drop's facts. Keyboard: the choose button is an ordinary button; results are announced in a
 * live region.
 */
export function UploadWidget({
  target,
  label,
  limits,
  logic,
  testId = 'upload',
}: {
  readonly target: UploadTarget;
  /** what is uploaded ('Новый скан документа') — the group's accessible name */
  readonly label: string;
  readonly limits?: UploadLimits;
  readonly logic?: UploadMachine;
  readonly testId?: string;
}) {
  const app = useWorkflowLogic();
  const actor = useWorkflowActor(logic ?? app.upload, { input: { target, limits } });
  return <UploadView actor={actor} label={label} testId={testId} />;
}

const toUploadFile = (file: File): UploadFile => ({
  name: file.name,
  size: file.size,
  type: file.type,
  blob: file,
});

/** The widget on a running upload actor (tests and other workflows may mount it on their own actor). */
export function UploadView({
  actor,
  label,
  testId = 'upload',
}: {
  readonly actor: ActorRefFrom<UploadMachine>;
  readonly label: string;
  readonly testId?: string;
}) {
  const { t } = useTranslation();
  const size = useFileSize();
  const { phase, busy, file, percent, error, retry, receipt, cancelled, limits } = useWorkflow(
    actor,
    connectUpload,
  );
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const groupId = useId();

  // the picker closed without a file: the browser says so with a `cancel` event (React has no prop for it on inputs)
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const onCancel = () => actor.send({ type: 'upload.dismiss' });
    el.addEventListener('cancel', onCancel);
    return () => el.removeEventListener('cancel', onCancel);
  }, [actor]);

  const choose = () => {
    actor.send({ type: 'upload.open' });
    input.current?.click();
  };
  const chosen = (list: FileList | null) => {
    const f = list?.[0];
    if (f) actor.send({ type: 'file.chosen', file: toUploadFile(f) });
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    if (!busy) chosen(e.dataTransfer.files);
  };
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    if (!busy) setOver(true);
  };

  const formats = limits.kinds.map((k) => UPLOAD_KINDS[k].extensions[0]?.toUpperCase()).join(', ');
  const errorText = (code: string) =>
    code.startsWith('upload.')
      ? t(`upload.errors.${code.slice('upload.'.length)}` as 'upload.errors.tooLarge', {
          mb: megabytes(limits.maxBytes),
        })
      : formatErrorMessage(t, code);
  const chooseLabel =
    phase === 'idle' || phase === 'choosing' ? t('upload.choose') : t('upload.chooseAnother');

  return (
    <section
      className="upload"
      data-testid={testId}
      data-state={phase}
      aria-busy={busy}
      aria-labelledby={groupId}
    >
      <h3 className="upload__title" id={groupId}>
        {label}
      </h3>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is an extra way in; the button inside is the keyboard's */}
      <div
        className={`upload__zone${over ? ' upload__zone--over' : ''}`}
        data-testid="upload-drop"
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p className="upload__drop-text">{t('upload.dropHere')}</p>
        <button
          type="button"
          className="btn btn--secondary"
          data-testid="upload-choose"
          onClick={choose}
          disabled={busy}
          aria-describedby={hintId}
        >
          {chooseLabel}
        </button>
        <p className="upload__hint" id={hintId}>
          {t('upload.hint', { formats, mb: megabytes(limits.maxBytes) })}
        </p>
        <input
          ref={input}
          type="file"
          className="upload__input"
          data-testid="upload-input"
          accept={uploadAccept(limits.kinds)}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            chosen(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
      </div>
      <div className="upload__status" aria-live="polite">
        {cancelled && <p data-testid="upload-cancelled">{t('upload.cancelled')}</p>}
        {phase === 'validating' && file && (
          <p data-testid="upload-checking">{t('upload.checking', { name: file.name })}</p>
        )}
        {phase === 'uploading' && file && (
          <div className="upload__progress" data-testid="upload-progress">
            <label>
              {t('upload.sending', { name: file.name, size: size(file.size) })}
              <progress max={100} value={percent ?? 0} />
            </label>
            <span data-testid="upload-percent">{t('upload.percent', { percent: percent ?? 0 })}</span>
            <SendButton
              actor={actor}
              event="upload.cancel"
              className="btn btn--secondary"
              testId="upload-cancel"
            >
              {t('upload.cancel')}
            </SendButton>
          </div>
        )}
        {phase === 'done' && receipt && file && (
          <div
            className={`upload__result upload__result--${receipt.status === 2 ? 'bad' : 'ok'}`}
            data-testid="upload-done"
            data-status={receipt.status}
          >
            <p>{t('upload.done', { name: file.name })}</p>
            <p data-testid="upload-status">
              {t('upload.statusLine', { status: t(`upload.status.${receipt.status}`) })}
              {receipt.status === 2 && receipt.message ? ` — ${receipt.message}` : ''}
            </p>
          </div>
        )}
        {(phase === 'failed' || phase === 'rejected') && error && (
          <div className="upload__error" role="alert" data-testid={`upload-${phase}`} data-code={error}>
            <p>
              {file ? `${file.name}: ` : ''}
              {errorText(error)}
            </p>
            {retry && (
              <SendButton actor={actor} event="upload.retry" testId="upload-retry">
                {t('app.retry')}
              </SendButton>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
