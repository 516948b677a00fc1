import { useTranslation } from 'react-i18next';
import { formatErrorMessage } from '@/i18n/messages';
import type { ListExportFormat } from '@/machines/list-fragment';
import './common.css';

export interface ExportStatusProps {
  /** A file is being prepared: the polite status line says `busyText`. */
  readonly busy: boolean;
  /** The translated 'preparing the file' sentence. */
  readonly busyText: string;
  /** The error code of the failed export (null: none). */
  readonly error: string | null;
  /** A translated lead sentence ('Не удалось выгрузить файл.') before the error's text. */
  readonly failedText: string;
  /** Sends the workflow's dismiss event. */
  readonly onDismiss: () => void;
  /** `data-testid` of the error panel. */
  readonly testId: string;
  /**
   * The classes of the status line and of the error panel, where the page styles its own (the number list's
   * `numbers__notice` and `alert-error`); `status-line` and `error-retry` otherwise.
   */
  readonly classes?: { readonly line: string; readonly error: string };
}

const SHARED_CLASSES = { line: 'status-line', error: 'error-retry' } as const;

/**
 * What a list page says about a file it prepares (an export, a statistics archive): a polite status line while it
 * runs, then, on failure, the error as an alert with a Close button. The chart decides both (its `exporting` tag and
 * export error); this renders them. Shared by debt control, orders, the AT 39 list and the number list (docs/decisions.md AR15).
 */
export function ExportStatus({
  busy,
  busyText,
  error,
  failedText,
  onDismiss,
  testId,
  classes = SHARED_CLASSES,
}: ExportStatusProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className={classes.line} role="status" aria-live="polite">
        {busy ? busyText : ''}
      </p>
      {error ? (
        <div className={classes.error} role="alert" data-testid={testId}>
          <span>
            {failedText} {formatErrorMessage(t, error)}
          </span>
          <button type="button" className="btn btn--link" onClick={onDismiss}>
            {t('app.close')}
          </button>
        </div>
      ) : null}
    </>
  );
}

const FORMATS: readonly ListExportFormat[] = ['csv', 'xlsx'];

export interface ExportButtonsProps {
  /** `data-testid` of each button: `${testIdPrefix}-csv`, `${testIdPrefix}-xlsx`. */
  readonly testIdPrefix: string;
  /** The translated label of each format's button. */
  readonly labels: Readonly<Record<ListExportFormat, string>>;
  /** The format being exported (null: none): every button is disabled, that one busy. */
  readonly exporting: ListExportFormat | null;
  /** Also disabled, e.g. while there is nothing loaded to export. */
  readonly disabled?: boolean;
  /** Sends the workflow's `export.start` with the format. */
  readonly onExport: (format: ListExportFormat) => void;
}

/** The CSV and XLSX buttons of a list's export region (the list fragment's `exportRegion`). */
export function ExportButtons({
  testIdPrefix,
  labels,
  exporting,
  disabled = false,
  onExport,
}: ExportButtonsProps) {
  return FORMATS.map((format) => (
    <button
      key={format}
      type="button"
      className="btn btn--secondary"
      data-testid={`${testIdPrefix}-${format}`}
      disabled={exporting !== null || disabled}
      aria-busy={exporting === format}
      onClick={() => onExport(format)}
    >
      {labels[format]}
    </button>
  ));
}

export interface RefreshExportActionsProps {
  /** The page's class of the row (`debt__actions`). */
  readonly className: string;
  /** Test ids `<testIdBase>-refresh` and `<testIdBase>-export-csv | -xlsx`. */
  readonly testIdBase: string;
  /** The translated labels of Refresh and of each format's button. */
  readonly labels: Readonly<Record<ListExportFormat | 'refresh', string>>;
  /** The format being exported (null: none), as ExportButtons. */
  readonly exporting: ListExportFormat | null;
  /** Sends the workflow's `list.refresh`. */
  readonly onRefresh: () => void;
  /** Sends the workflow's `export.start` with the format. */
  readonly onExport: (format: ListExportFormat) => void;
}

/** A list's action row: Refresh, then the CSV and XLSX buttons (the list fragment's refresh and `exportRegion`). */
export function RefreshExportActions({
  className,
  testIdBase,
  labels,
  exporting,
  onRefresh,
  onExport,
}: RefreshExportActionsProps) {
  return (
    <div className={className}>
      <button
        type="button"
        className="btn btn--secondary"
        data-testid={`${testIdBase}-refresh`}
        onClick={onRefresh}
      >
        {labels.refresh}
      </button>
      <ExportButtons
        testIdPrefix={`${testIdBase}-export`}
        labels={labels}
        exporting={exporting}
        onExport={onExport}
      />
    </div>
  );
}
