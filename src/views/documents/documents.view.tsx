import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SERVICE_DOCUMENT_TYPES } from '@/domain/constants';
import { documentDate } from '@/domain/debt.rules';
import {
  DOCUMENTS_PAGE_SIZE,
  DOCUMENTS_TABS,
  type DocumentsFilter,
  type DocumentsTab,
  documentFileName,
  ORDERS_PAGE_SIZE,
  pageSlice,
  TITLED_DOCUMENT_TYPES,
  tashkentDay,
} from '@/domain/documents.rules';
import { formatSum } from '@/domain/money.rules';
import { formatErrorMessage } from '@/i18n/messages';
import type { DocumentCard, DocumentDetails, OrderCard } from '@/machines/documents.machine';
import {
  selectDocumentsCanRetry,
  selectDocumentsContent,
  selectDocumentsError,
  selectDocumentsPhase,
  selectDocumentsRoute,
  selectFilterError,
} from '@/machines/documents.selectors';
import { UploadWidget } from '@/views/upload/upload.view';
import { DocumentsContext } from './documents.context';
import { DownloadButton } from './download-button.view';
import './documents.css';

/**
 * The online-sales documents pages (docs/decisions.md DOC8-DOC11): the Documents lists (orders, suspend documents,
 * service documents), an order with its documents (DocumentsView), one document. Everything comes from the documents
 * chart; downloads and uploads are their own charts (DownloadButton, UploadWidget).
 */

/** The type's title in the page's language (spec 3 types). */
export function useTypeTitle() {
  const { t } = useTranslation();
  return (type: number) =>
    TITLED_DOCUMENT_TYPES.includes(type)
      ? t(`documents.types.${type}` as 'documents.types.1')
      : t('documents.types.unknown', { type });
}

const dayOf = (iso: string | null) => (iso ? tashkentDay(Date.parse(iso)) : '');
const shownDay = (iso: string | null) => (iso ? documentDate(dayOf(iso)) : '');

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
  const phase = DocumentsContext.useSelector(selectDocumentsPhase);
  const error = DocumentsContext.useSelector(selectDocumentsError);
  const canRetry = DocumentsContext.useSelector(selectDocumentsCanRetry);
  const titleId = useId();
  return (
    <section
      className="docs page"
      data-testid="documents-page"
      data-state={phase}
      aria-busy={phase === 'loading'}
      aria-labelledby={titleId}
    >
      <header className="docs__head">
        <div>
          <h1 id={titleId}>{title}</h1>
          {subtitle ? <p className="docs__subtitle">{subtitle}</p> : null}
        </div>
        {phase === 'ready' && (
          <button
            type="button"
            className="btn btn--secondary"
            data-testid="documents-refresh"
            onClick={() => actor.send({ type: 'content.refresh' })}
          >
            {t('documents.refresh')}
          </button>
        )}
      </header>
      {phase === 'loading' && (
        <p className="docs__loading" data-testid="documents-loading" role="status">
          {t('documents.loading')}
        </p>
      )}
      {error && (
        <div className="docs__error" role="alert" data-testid="documents-error" data-code={error}>
          <span>{formatErrorMessage(t, error)}</span>
          {canRetry && (
            <button type="button" className="btn" onClick={() => actor.send({ type: 'content.retry' })}>
              {t('app.retry')}
            </button>
          )}
        </div>
      )}
      {children}
    </section>
  );
}

/** One document in a list: type, title, date, status, open and PDF download. */
function DocumentRow({ doc, href }: { doc: DocumentCard; href: string | null }) {
  const { t, i18n } = useTranslation();
  const typeTitle = useTypeTitle();
  const pdfName = usePdfName();
  const lang = i18n.language === 'uz' ? 'uz' : 'ru';
  return (
    <li className="docs__row" data-testid={`document-${doc.id}`} data-type={doc.type}>
      <div className="docs__row-main">
        <span className="docs__type">{typeTitle(doc.type)}</span>
        {href ? (
          <Link href={href} className="docs__title" data-testid={`document-open-${doc.id}`}>
            {doc.title}
          </Link>
        ) : (
          <span className="docs__title">{doc.title}</span>
        )}
        <span className="docs__meta">
          {shownDay(doc.createdAt)} · <StatusBadge status={doc.status} />
        </span>
      </div>
      <DownloadButton
        target={{ kind: 'pdf', id: doc.id, fileName: pdfName(doc), lang }}
        label={t('documents.download')}
        accessibleLabel={t('documents.downloadNamed', { title: doc.title })}
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
  const filterError = DocumentsContext.useSelector(selectFilterError);
  const typeTitle = useTypeTitle();
  const errorId = useId();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    actor.send({
      type: 'filter.submit',
      filter: {
        dt1: String(form.get('dt1') ?? ''),
        dt2: String(form.get('dt2') ?? ''),
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
      <fieldset>
        <legend>{t('documents.filter.legend')}</legend>
        <label>
          {t('documents.filter.from')}
          <input
            type="date"
            name="dt1"
            defaultValue={filter.dt1}
            data-testid="documents-dt1"
            aria-describedby={filterError ? errorId : undefined}
            aria-invalid={filterError ? true : undefined}
          />
        </label>
        <label>
          {t('documents.filter.to')}
          <input
            type="date"
            name="dt2"
            defaultValue={filter.dt2}
            data-testid="documents-dt2"
            aria-describedby={filterError ? errorId : undefined}
            aria-invalid={filterError ? true : undefined}
          />
        </label>
      </fieldset>
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
      {filterError && (
        <p className="docs__filter-error" id={errorId} role="alert" data-testid="documents-filter-error">
          {t(filterError as 'validation.dateRange')}
        </p>
      )}
    </form>
  );
}

function OrderBlock({ order, query }: { order: OrderCard; query: string }) {
  const { t, i18n } = useTranslation();
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
            ? ` · ${t('documents.order.total', { sum: formatSum(order.total, { lang: i18n.language }) })}`
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

/** Previous / next page links of a long list (the page is in the URL: Back works). */
function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="docs__pager" aria-label={t('app.pagination.label')} data-testid="documents-pager">
      {page > 1 ? <Link href={href(page - 1)}>{t('app.pagination.prev')}</Link> : null}
      <span>{t('app.pagination.page', { page, pages })}</span>
      {page < pages ? <Link href={href(page + 1)}>{t('app.pagination.next')}</Link> : null}
    </nav>
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
  const route = DocumentsContext.useSelector(selectDocumentsRoute);
  const content = DocumentsContext.useSelector(selectDocumentsContent);
  if (route.page !== 'list') return null;
  const here = query(route.tab, page);
  const pageHref = (p: number) => `/onlinee-sales${query(route.tab, p)}`;
  const orders = content?.kind === 'orders' ? pageSlice(content.orders, page, ORDERS_PAGE_SIZE) : null;
  const documents =
    content?.kind === 'documents' ? pageSlice(content.documents, page, DOCUMENTS_PAGE_SIZE) : null;
  return (
    <Frame title={t('documents.title')} subtitle={t('documents.subtitle')}>
      <div className="docs__toolbar">
        <nav aria-label={t('documents.tabs.label')} className="docs__tabs">
          {DOCUMENTS_TABS.map((tab) => (
            <Link
              key={tab}
              href={`/onlinee-sales${query(tab)}`}
              className="docs__tab"
              aria-current={tab === route.tab ? 'page' : undefined}
              data-testid={`documents-tab-${tab}`}
            >
              {t(`documents.tabs.${tab}`)}
            </Link>
          ))}
        </nav>
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
          {orders && <Pager page={orders.page} pages={orders.pages} href={pageHref} />}
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
          {documents && <Pager page={documents.page} pages={documents.pages} href={pageHref} />}
        </div>
      )}
    </Frame>
  );
}

/** `/onlinee-sales/orders/{id}` (DocumentsView): the order and its documents. */
export function OrderView({ backHref }: { backHref: string }) {
  const { t, i18n } = useTranslation();
  const content = DocumentsContext.useSelector(selectDocumentsContent);
  const route = DocumentsContext.useSelector(selectDocumentsRoute);
  const order = content?.kind === 'order' ? content.order : null;
  return (
    <Frame
      title={t('documents.order.title', { id: route.page === 'order' ? route.id : '' })}
      subtitle={
        order
          ? [
              t('documents.order.from', { date: shownDay(order.createdAt) }),
              order.kind ? t(`documents.order.kinds.${order.kind}` as 'documents.order.kinds.new') : null,
              order.total !== null
                ? t('documents.order.total', { sum: formatSum(order.total, { lang: i18n.language }) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')
          : undefined
      }
    >
      <p>
        <Link href={backHref}>{t('documents.order.back')}</Link>
      </p>
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
export function DocumentView({ backHref }: { backHref: string }) {
  const { t, i18n } = useTranslation();
  const content = DocumentsContext.useSelector(selectDocumentsContent);
  const typeTitle = useTypeTitle();
  const pdfName = usePdfName();
  const doc: DocumentDetails | null = content?.kind === 'document' ? content.document : null;
  const lang = i18n.language === 'uz' ? 'uz' : 'ru';
  return (
    <Frame title={doc ? typeTitle(doc.type) : t('documents.view')} subtitle={doc?.title}>
      <p>
        <Link href={backHref}>{t('documents.back')}</Link>
      </p>
      {doc && (
        <div data-testid="documents-content" className="docs__document">
          <p className="docs__meta">
            {shownDay(doc.createdAt)} · <StatusBadge status={doc.status} testId="document-status" />
            {doc.status === 2 && doc.statusMessage
              ? ` — ${t('documents.statusMessage', { message: doc.statusMessage })}`
              : ''}
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
                <h3 key={i}>{b.text}</h3>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <p key={i} className={b.kind === 'small' ? 'docs__small' : undefined}>
                  {b.text}
                </p>
              ),
            )}
          </article>
          {doc.status !== 1 && (
            <UploadWidget target={{ kind: 'document', id: doc.id }} label={t('documents.reupload')} />
          )}
        </div>
      )}
    </Frame>
  );
}
