import { type ReactNode, useEffect } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { tashkentDay } from '@/domain/dates.rules';
import {
  type DocumentsFilter,
  type DocumentsTab,
  parseDocumentsFilter,
  parseDocumentsPage,
  parseDocumentsTab,
} from '@/domain/documents.rules';
import { usePageLang } from '@/i18n/page-lang';
import type { DocumentsRoute as RouteInput } from '@/machines/documents.machine';
import type { UploadMachine } from '@/machines/upload.machine';
import { useWorkflowActor } from '@/views/common/workflow-actor';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import { DocumentsContext } from '@/views/documents/documents.context';
import { DocumentsListView, DocumentView, OrderView } from '@/views/documents/documents.view';

/**
 * The `/{lang}/onlinee-sales` routes (spec 2 "Online sales"). The URL names the page (and, for the lists, the tab and
 * the filter); each URL gets its own documents actor. The only glue: a filter the chart accepted becomes the URL.
 */

/** `?tab=…&dt1=…&dt2=…&types=…&page=…` of a list. */
function listQuery(tab: DocumentsTab, f: DocumentsFilter, page = 1): string {
  const q = new URLSearchParams({ tab, dt1: f.dt1, dt2: f.dt2 });
  if (tab === 'services' && f.types.length > 0) q.set('types', f.types.join(','));
  if (page > 1) q.set('page', String(page));
  return `?${q.toString()}`;
}

function useListFromUrl(): { tab: DocumentsTab; filter: DocumentsFilter; page: number } {
  const search = new URLSearchParams(useSearch());
  const today = tashkentDay(Date.now());
  return {
    tab: parseDocumentsTab(search.get('tab')),
    filter: parseDocumentsFilter((n) => search.get(n), today),
    page: parseDocumentsPage(search.get('page')),
  };
}

/** Puts the filter the chart accepted into the URL (a history entry: Back returns to the previous range). */
function FilterNavigation({ tab }: { tab: DocumentsTab }) {
  const actor = DocumentsContext.useActorRef();
  const [, navigate] = useLocation();
  useEffect(() => {
    const sub = actor.on('documents.filtered', (e) => navigate(`/onlinee-sales${listQuery(tab, e.filter)}`));
    return () => sub.unsubscribe();
  }, [actor, navigate, tab]);
  return null;
}

function Page({ route, children }: { route: RouteInput; children: ReactNode }) {
  const { documents } = useWorkflowLogic();
  return (
    <DocumentsContext.Provider key={JSON.stringify(route)} logic={documents} input={{ route }}>
      {children}
    </DocumentsContext.Provider>
  );
}

/** `/onlinee-sales`: Documents (orders list, suspend and service documents). */
export function DocumentsRoute() {
  const { tab, filter, page } = useListFromUrl();
  return (
    <Page route={{ page: 'list', tab, filter }}>
      <FilterNavigation tab={tab} />
      <DocumentsListView page={page} query={(t, p) => listQuery(t, filter, p)} />
    </Page>
  );
}

/** The list a detail page goes back to: the one it was opened from (its query), else the default. */
function useBackHref(tab: DocumentsTab): string {
  const search = useSearch();
  return `/onlinee-sales${search ? `?${search}` : `?tab=${tab}`}`;
}

/** `/onlinee-sales/orders/{id}` (DocumentsView). */
export function OrderRoute() {
  const { id = '' } = useParams<{ id: string }>();
  const back = useBackHref('orders');
  return (
    <Page route={{ page: 'order', id }}>
      <OrderView backHref={back} />
    </Page>
  );
}

/**
 * Keeps a document page in step with its upload: when the server has taken a new scan, the page loads the document
 * again (its status is now 1). Glue between two charts of the same page, in the route module like the filter's.
 */
function UploadRefresh({ uploader }: { uploader: ActorRefFrom<UploadMachine> }) {
  const documents = DocumentsContext.useActorRef();
  useEffect(() => {
    let wasDone = uploader.getSnapshot().matches('done');
    const sub = uploader.subscribe((s) => {
      const done = s.matches('done');
      if (done && !wasDone) documents.send({ type: 'content.refresh' });
      wasDone = done;
    });
    return () => sub.unsubscribe();
  }, [uploader, documents]);
  return null;
}

/** One document, with the upload of a new scan. */
function DocumentPage({ id, section }: { id: string; section: 'suspend' | 'services' }) {
  const back = useBackHref(section);
  const lang = usePageLang();
  const { upload } = useWorkflowLogic();
  const uploader = useWorkflowActor(upload, { input: { target: { kind: 'document', id } } });
  return (
    <Page route={{ page: 'document', id, section, lang }}>
      <UploadRefresh uploader={uploader} />
      <DocumentView backHref={back} uploader={uploader} />
    </Page>
  );
}

/** `/onlinee-sales/suspend-documents/{id}`. */
export function SuspendDocumentRoute() {
  const { id = '' } = useParams<{ id: string }>();
  // a page (and its upload) per document
  return <DocumentPage key={id} id={id} section="suspend" />;
}

/** `/onlinee-sales/services-documents/{id}`. */
export function ServicesDocumentRoute() {
  const { id = '' } = useParams<{ id: string }>();
  return <DocumentPage key={id} id={id} section="services" />;
}
