import { useTranslation } from 'react-i18next';
import { formatDate } from '@/domain/dates.rules';
import { formatErrorMessage } from '@/i18n/messages';
import type { AgreementDocument } from '@/machines/agreement.machine';
import {
  connectAgreementList,
  selectDownloadError,
  selectDownloadingDoc,
} from '@/machines/agreement.selectors';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { Pagination } from '@/views/common/pagination.view';
import { SendButton } from '@/views/common/send-button.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { AgreementContext } from './agreement.context';

/** The download button of one document; disabled while any document downloads (one at a time). */
export function AgreementDocumentButton({ doc }: { doc: AgreementDocument }) {
  const { t } = useTranslation();
  const actor = AgreementContext.useActorRef();
  const downloading = AgreementContext.useSelector(selectDownloadingDoc);
  return (
    <button
      type="button"
      className="btn btn--secondary agreement__download"
      disabled={downloading !== null}
      aria-label={t('agreement.downloadNamed', { title: doc.title })}
      onClick={() => actor.send({ type: 'document.download', docId: doc.id })}
      data-testid={`agreement-doc-${doc.id}`}
    >
      {downloading === doc.id ? t('agreement.downloading') : t('agreement.download')}
    </button>
  );
}

/** A document's kind and language, with its download button. */
export function DocumentLine({ doc }: { doc: AgreementDocument }) {
  const { t } = useTranslation();
  return (
    <span className="agreement__doc">
      <span>
        {t(`agreement.kind.${doc.kind}`)}, {t(`agreement.lang.${doc.lang}`)}
      </span>
      <AgreementDocumentButton doc={doc} />
    </span>
  );
}

/** The failed download's message, with a close button. */
export function AgreementDownloadError() {
  const { t } = useTranslation();
  const actor = AgreementContext.useActorRef();
  const error = AgreementContext.useSelector(selectDownloadError);
  if (error === null) return null;
  return (
    <div className="alert-error agreement__alert" role="alert" data-testid="agreement-download-error">
      <strong>{t('agreement.downloadFailed')}</strong>
      <span>{formatErrorMessage(t, error)}</span>
      <SendButton actor={actor} event="download.dismiss" className="btn btn--link">
        {t('app.close')}
      </SendButton>
    </div>
  );
}

/** The agreements the user registered, newest first, paged, each with its documents. */
export function AgreementList() {
  const { t } = useTranslation();
  const actor = AgreementContext.useActorRef();
  const { list, busy, error, retry } = useWorkflow(actor, connectAgreementList);
  return (
    <section
      className="agreement__list"
      aria-labelledby="agreement-list-title"
      aria-busy={busy}
      data-testid="agreement-list"
    >
      <div className="agreement__list-head">
        <h2 id="agreement-list-title">{t('agreement.list.title')}</h2>
        <SendButton
          actor={actor}
          event="list.reload"
          className="btn btn--link"
          testId="agreement-list-reload"
        >
          {t('agreement.list.reload')}
        </SendButton>
      </div>
      {error !== null ? (
        <ErrorRetry
          code={error}
          title={t('agreement.list.loadFailed')}
          onRetry={retry ? () => actor.send({ type: 'list.retry' }) : undefined}
          testId="agreement-list-error"
        />
      ) : null}
      {list === null ? null : list.rows.length === 0 ? (
        <p data-testid="agreement-list-empty">{t('agreement.list.empty')}</p>
      ) : (
        <>
          <p className="agreement__hint" data-testid="agreement-list-total">
            {t('agreement.list.total', { count: list.total })}
          </p>
          <ul className="agreement__rows">
            {list.rows.map((a) => (
              <li key={a.id} className="agreement__row" data-testid={`agreement-row-${a.id}`}>
                <p className="agreement__row-head">
                  <strong>{a.number}</strong>
                  <span>{a.name}</span>
                  <span>
                    {t('agreement.list.tin')} {a.tin}
                  </span>
                  <span>{formatDate(a.createdAt)}</span>
                  <span>
                    {t('agreement.fields.login')}: {a.login}
                  </span>
                </p>
                <ul className="agreement__docs">
                  {a.documents.map((d) => (
                    <li key={d.id}>
                      <DocumentLine doc={d} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <Pagination
            page={list.page + 1}
            pages={list.totalPages}
            onPage={(page) => actor.send({ type: 'list.page', page: page - 1 })}
            testId="agreement-list"
            label={t('agreement.list.pages')}
            disabled={busy}
          />
        </>
      )}
    </section>
  );
}
