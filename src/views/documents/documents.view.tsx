import { useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { SERVICE_DOCUMENT_TYPES } from '@/domain/constants';
import { formatDate, tashkentDay } from '@/domain/dates.rules';
import {
  DOCUMENTS_PAGE_SIZE,
  DOCUMENTS_TABS,
  type DocumentsFilter,
  type DocumentsTab,
  documentFileName,
  ORDERS_PAGE_SIZE,
  pageSlice,
} from '@/domain/documents.rules';
import { formatSum } from '@/domain/money.rules';
import { phonesAsWords } from '@/domain/phone.rules';
import { currentLang } from '@/i18n/i18n';
import { usePageLang } from '@/i18n/page-lang';
import type { DocumentCard, DocumentDetails, OrderCard } from '@/machines/documents.machine';
import {
  connectDocument,
  connectDocumentsContent,
  connectDocumentsFilter,
  connectDocumentsFrame,
} from '@/machines/documents.selectors';
import type { UploadMachine } from '@/machines/upload.machine';
import { DateRange } from '@/views/common/date-range.view';
import { useDocumentTitle, useTypeTitle } from '@/views/common/document-title';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { PageFrame } from '@/views/common/page-frame.view';
import { Pagination } from '@/views/common/pagination.view';
import { TabList, tabPanelProps } from '@/views/common/tabs.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { OrderCancel, useOrderCancel } from '@/views/orders/order-cancel.view';
import { UploadView } from '@/views/upload/upload.view';
import { DocumentsContext } from './documents.context';
import { DownloadButton } from './download-button.view';
import './documents.css';
import { SendButton } from '@/views/common/send-button.view';

/**
 * The online-sales documents pages (docs/decisions.md DOC8-DOC11): the Documents lists (orders, suspend documents,
 * service documents), an order with its documents (DocumentsView), one document. Everything comes from the documents
 * chart; downloads and uploads are their own charts (DownloadButton, UploadView).
 */

const dayOf = (iso: string | null) => (iso ? tashkentDay(iso) : '');
const shownDay = (iso: string | null) => (iso ? formatDate(iso) : '');

/** The people's name of a document's PDF ('Договор_100234561_2026-11-24.pdf'). */
function usePdfName() {
  const typeTitle = useTypeTitle();
  return (d: DocumentCard) => documentFileName(typeTitle(d.type), d.ban, dayOf(d.createdAt), 'pdf');
}

function StatusBadge({ status, testId }: { status: number | null; testId?: string }) {
  const { t } = useTranslation();
  const key = status === 0 || status === 1 || status === 2 ? String(status) : 'none';
  return (
    <span className={`docs__status docs__status--${key}`} data-testid={testId} data-status={key}>
      {t(`documents.status.${key}` as 'documents.status.none')}
    </span>
  );
}

/** The page frame: title, loading notice, the failure with retry; the content once loaded. */
function Frame({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const actor = DocumentsContext.useActorRef();
  const { phase, error, retry } = useWorkflow(actor, connectDocumentsFrame);
  const titleId = useId();
  return (
    <PageFrame
      block="docs"
      titleId={titleId}
      title={title}
      subtitle={subtitle}
      testId="documents-page"
      state={phase}
      busy={phase === 'loading'}
      actions={
        phase === 'ready' && (
          <SendButton
            actor={actor}
            event="content.refresh"
            className="btn btn--secondary"
            testId="documents-refresh"
          >
            {t('documents.refresh')}
          </SendButton>
        )
      }
    >
      {phase === 'loading' && (
        <p className="docs__loading" data-testid="documents-loading" role="status">
          {t('documents.loading')}
        </p>
      )}
      {error && (
        <ErrorRetry
          code={error}
          testId="documents-error"
          {...(retry ? { onRetry: () => actor.send({ type: 'content.retry' }) } : {})}
        />
      )}
      {children}
    </PageFrame>
  );
}

/** One document in a list: type, title, date, status, open and PDF download. */
function DocumentRow({ doc, href }: { doc: DocumentCard; href: string | null }) {
  const { t } = useTranslation();
  const typeTitle = useTypeTitle();
  const titleOf = useDocumentTitle();
  const pdfName = usePdfName();
  const lang = currentLang();
  const title = titleOf(doc);
  return (
    <li className="docs__row" data-testid={`document-${doc.id}`} data-type={doc.type}>
      <div className="docs__row-main">
        <span className="docs__type">{typeTitle(doc.type)}</span>
        {href ? (
          <Link href={href} className="docs__title" data-testid={`document-open-${doc.id}`}>
            {title}
          </Link>
        ) : (
          <span className="docs__title">{title}</span>
        )}
        <span className="docs__meta">
          {shownDay(doc.createdAt)} · <StatusBadge status={doc.status} />
        </span>
      </div>
      <DownloadButton
        target={{ kind: 'pdf', id: doc.id, fileName: pdfName(doc), lang }}
        label={t('documents.download')}
        accessibleLabel={t('documents.downloadNamed', { title })}
        testId={`document-pdf-${doc.id}`}
      />
    </li>
  );
}

/** Where a document opens: suspend documents and the others under their section. */
const documentHref = (d: DocumentCard, query: string) =>
  `/onlinee-sales/${d.type === 7 ? 'suspend' : 'services'}-documents/${d.id}${query}`;

function FilterForm({ tab, filter }: { tab: DocumentsTab; filter: DocumentsFilter }) {
  const { t } = useTranslation();
  const actor = DocumentsContext.useActorRef();
  const { filterError } = useWorkflow(actor, connectDocumentsFilter);
  const typeTitle = useTypeTitle();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    actor.send({
      type: 'filter.submit',
      filter: {
        dt1: String(form.get('dtFrom') ?? ''),
        dt2: String(form.get('dtTo') ?? ''),
        types: form.getAll('types').map(Number),
      },
    });
  };
  return (
    <form
      className="docs__filter"
      onSubmit={submit}
      noValidate
      data-testid="documents-filter"
      key={JSON.stringify(filter)}
    >
      <DateRange
        legend={t('documents.filter.legend')}
        name="dt"
        defaultValue={{ from: filter.dt1, to: filter.dt2 }}
        error={filterError}
        testId="documents-range"
      />
      {tab === 'services' && (
        <fieldset className="docs__types">
          <legend>{t('documents.filter.types')}</legend>
          {SERVICE_DOCUMENT_TYPES.map((type) => (
            <label key={type}>
              <input type="checkbox" name="types" value={type} defaultChecked={filter.types.includes(type)} />
              {typeTitle(type)}
            </label>
          ))}
        </fieldset>
      )}
      <button type="submit" className="btn" data-testid="documents-apply">
        {t('documents.filter.apply')}
      </button>
    </form>
  );
}

function OrderBlock({ order, query }: { order: OrderCard; query: string }) {
  const { t } = useTranslation();
  const lang = usePageLang();
  return (
    <li className="docs__order" data-testid={`order-${order.id}`}>
      <div className="docs__order-head">
        <Link href={`/onlinee-sales/orders/${order.id}${query}`} className="docs__order-title">
          {t('documents.order.title', { id: order.id })}
        </Link>
        <span className="docs__meta">
          {t('documents.order.from', { date: shownDay(order.createdAt) })}
          {order.kind ? ` · ${t(`documents.order.kinds.${order.kind}` as 'documents.order.kinds.new')}` : ''}
          {order.total !== null
            ? ` · ${t('documents.order.total', { sum: formatSum(order.total, { lang }) })}`
            : ''}
        </span>
      </div>
      <ul className="docs__list">
        {order.documents.map((d) => (
          <DocumentRow key={d.id} doc={d} href={documentHref(d, query)} />
        ))}
      </ul>
    </li>
  );
}

/** `/onlinee-sales`: the Documents lists with tabs, the filter and the instruction. */
export function DocumentsListView({
  query,
  page = 1,
}: {
  query: (tab: DocumentsTab, page?: number) => string;
  /** the list's page from the URL */
  page?: number;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const actor = DocumentsContext.useActorRef();
  const { route, content } = useWorkflow(actor, connectDocumentsContent);
  if (route.page !== 'list') return null;
  const here = query(route.tab, page);
  const toPage = (p: number) => navigate(`/onlinee-sales${query(route.tab, p)}`);
  const orders = content?.kind === 'orders' ? pageSlice(content.orders, page, ORDERS_PAGE_SIZE) : null;
  const documents =
    content?.kind === 'documents' ? pageSlice(content.documents, page, DOCUMENTS_PAGE_SIZE) : null;
  return (
    <Frame title={t('documents.title')} subtitle={t('documents.subtitle')}>
      <div className="docs__toolbar">
        <TabList
          label={t('documents.tabs.label')}
          idBase="documents"
          items={DOCUMENTS_TABS.map((key) => ({ key, label: t(`documents.tabs.${key}`) }))}
          selected={route.tab}
          onSelect={(tab) => navigate(`/onlinee-sales${query(tab)}`)}
          tabTestId="documents-tab"
        />
        <DownloadButton
          target={{
            kind: 'instruction',
            id: '',
            fileName: `${t('documents.instruction').replace(/\s*\(DOCX\)/, '')}.docx`,
          }}
          label={t('documents.instruction')}
          testId="documents-instruction"
        />
      </div>
      <div {...tabPanelProps('documents', route.tab)} className="docs__panel">
        <FilterForm tab={route.tab} filter={route.filter} />
        {content?.kind === 'orders' && (
          <div data-testid="documents-content">
            {content.orders.length === 0 ? (
              <p className="docs__empty">{t('documents.noOrders')}</p>
            ) : (
              <ul className="docs__orders">
                {orders?.rows.map((o) => (
                  <OrderBlock key={o.id} order={o} query={here} />
                ))}
              </ul>
            )}
            {orders && (
              <Pagination page={orders.page} pages={orders.pages} onPage={toPage} testId="documents-list" />
            )}
            {content.others.length > 0 && (
              <>
                <h2 className="docs__h2">{t('documents.others')}</h2>
                <ul className="docs__list">
                  {content.others.map((d) => (
                    <DocumentRow key={d.id} doc={d} href={documentHref(d, here)} />
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        {content?.kind === 'documents' && (
          <div data-testid="documents-content">
            {content.documents.length === 0 ? (
              <p className="docs__empty">{t('documents.empty')}</p>
            ) : (
              <ul className="docs__list">
                {documents?.rows.map((d) => (
                  <DocumentRow key={d.id} doc={d} href={documentHref(d, here)} />
                ))}
              </ul>
            )}
            {documents && (
              <Pagination
                page={documents.page}
                pages={documents.pages}
                onPage={toPage}
                testId="documents-list"
              />
            )}
          </div>
        )}
      </div>
    </Frame>
  );
}

/** `/onlinee-sales/orders/{id}` (DocumentsView): the order and its documents. */
export function OrderView({ backHref }: { backHref: string }) {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = DocumentsContext.useActorRef();
  const { content, route } = useWorkflow(actor, connectDocumentsContent);
  const order = content?.kind === 'order' ? content.order : null;
  const reload = useCallback(() => actor.send({ type: 'content.refresh' }), [actor]);
  const cancel = useOrderCancel(route.page === 'order' ? route.id : '', reload);
  return (
    <Frame
      title={t('documents.order.title', { id: route.page === 'order' ? route.id : '' })}
      subtitle={
        order
          ? [
              t('documents.order.from', { date: shownDay(order.createdAt) }),
              order.kind ? t(`documents.order.kinds.${order.kind}` as 'documents.order.kinds.new') : null,
              order.total !== null
                ? t('documents.order.total', { sum: formatSum(order.total, { lang }) })
                : null,
              order.status ? t(`orders.status.${order.status}`, { defaultValue: order.status }) : null,
            ]
              .filter(Boolean)
              .join(' · ')
          : undefined
      }
    >
      <p>
        <Link href={backHref}>{t('documents.order.back')}</Link>
      </p>
      <OrderCancel actor={cancel} cancellable={order?.cancellable ?? false} />
      {order && (
        <div data-testid="documents-content">
          <h2 className="docs__h2">{t('documents.order.documents')}</h2>
          {order.documents.length === 0 ? (
            <p className="docs__empty">{t('documents.order.noDocuments')}</p>
          ) : (
            <ul className="docs__list">
              {order.documents.map((d) => (
                <DocumentRow key={d.id} doc={d} href={documentHref(d, '')} />
              ))}
            </ul>
          )}
        </div>
      )}
    </Frame>
  );
}

/** `/onlinee-sales/suspend-documents/{id}` and `/services-documents/{id}`: one document. */
export function DocumentView({
  backHref,
  uploader,
}: {
  backHref: string;
  /** the page's upload actor (the route module keeps the page in step with it) */
  uploader: ActorRefFrom<UploadMachine>;
}) {
  const { t } = useTranslation();
  // once a scan was chosen the widget stays, so its result is still shown after the page reloads with status 1
  const uploadActive = useSelector(uploader, (s) => !s.matches('idle') || s.context.cancelled);
  const actor = DocumentsContext.useActorRef();
  const { content } = useWorkflow(actor, connectDocument);
  const typeTitle = useTypeTitle();
  const titleOf = useDocumentTitle();
  const pdfName = usePdfName();
  const doc: DocumentDetails | null = content?.kind === 'document' ? content.document : null;
  const lang = currentLang();
  return (
    <Frame title={doc ? typeTitle(doc.type) : t('documents.view')} subtitle={doc ? titleOf(doc) : undefined}>
      <p>
        <Link href={backHref}>{t('documents.back')}</Link>
      </p>
      {doc && (
        <div data-testid="documents-content" className="docs__document">
          <p className="docs__meta">
            {shownDay(doc.createdAt)} · <StatusBadge status={doc.status} testId="document-status" />
            {doc.status === 2 && (doc.statusReason || doc.statusMessage) ? (
              <>
                {' — '}
                <span data-testid="document-status-reason">
                  {t('documents.statusMessage', {
                    // a known code in the page's language; a backend's own text only without one, as plain text
                    message: doc.statusReason
                      ? t(`documents.statusReasons.${doc.statusReason}`)
                      : doc.statusMessage,
                  })}
                </span>
              </>
            ) : null}
          </p>
          <div className="docs__actions">
            <DownloadButton
              target={{ kind: 'pdf', id: doc.id, fileName: pdfName(doc), lang }}
              label={t('documents.download')}
              testId="document-pdf"
              secondary={false}
            />
            {doc.hasFile && (
              <DownloadButton
                target={{
                  kind: 'scan',
                  id: doc.id,
                  fileName: documentFileName(
                    `${typeTitle(doc.type)} скан`,
                    doc.ban,
                    dayOf(doc.createdAt),
                    'pdf',
                  ),
                }}
                label={t('documents.delivery')}
                testId="document-scan"
              />
            )}
          </div>
          <h2 className="docs__h2">{t('documents.content')}</h2>
          <article
            className="docs__text"
            data-testid="document-text"
            lang={doc.content.length > 0 ? undefined : lang}
          >
            {doc.content.map((b, i) =>
              b.kind === 'heading' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are a fixed text, in order
                <h3 key={i}>{phonesAsWords(b.text)}</h3>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <p key={i} className={b.kind === 'small' ? 'docs__small' : undefined}>
                  {phonesAsWords(b.text)}
                </p>
              ),
            )}
          </article>
          {(doc.status !== 1 || uploadActive) && (
            <UploadView actor={uploader} label={t('documents.reupload')} />
          )}
        </div>
      )}
    </Frame>
  );
}
