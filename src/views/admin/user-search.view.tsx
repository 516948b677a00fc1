import { type FormEvent, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { UserQuery } from '@/machines/user-search.machine';
import {
  connectUserSearch,
  parseUserQuery,
  rowAction,
  USER_TABS,
  userQuerySearch,
} from '@/machines/user-search.selectors';
import type { UserKind, UserListStatus } from '@/services/contract/admin.contract';
import { ColumnHeads } from '@/views/common/column-heads.view';
import { ConfirmDialog } from '@/views/common/confirm-dialog.view';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { TextField } from '@/views/common/form-field.view';
import { Pagination } from '@/views/common/pagination.view';
import { TabList, tabPanelProps } from '@/views/common/tabs.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { roleTitle } from '@/views/session/role-title';
import { UserSearchContext } from './admin.context';
import '@/views/common/common.css';
import './admin.css';
import { ErrorDialog } from '@/views/common/error-dialog.view';

/** The table's columns, in the order of its header row. */
const USER_COLUMNS = ['login', 'name', 'role', 'ban', 'status', 'actions'] as const;

export interface UserSearchPageProps {
  /** 'search' (spec 2 Search) or 'editing' (spec 2 EditUser, the helpdesk landing): same list, other title */
  readonly variant: 'search' | 'editing';
  /** the kinds of account the user may create (config createSubscriber / createAdmin), offered as links */
  readonly createKinds: readonly UserKind[];
  /** config editUser: rows offer block / unblock and the edit link */
  readonly canEdit: boolean;
}

/** The query in the URL; the machine is told whenever it changes (page entered, link followed, Back). */
function useUrlQuery(): [UserQuery, string] {
  const search = useSearch();
  const [location] = useLocation();
  return [parseUserQuery(search), location];
}

/**
 * Administration user search (spec 2 Search / EditUser): search form, status tabs (all, active, blocked, pending),
 * rows with block / unblock / in process and an edit link, pages of 45. The URL holds query, tab and page; links
 * change the URL and the machine follows it.
 */
export function UserSearchPage({ variant, createKinds, canEdit }: UserSearchPageProps) {
  const { t } = useTranslation();
  const actor = UserSearchContext.useActorRef();
  const [, navigate] = useLocation();
  const [urlQuery, location] = useUrlQuery();
  const {
    statePath,
    loading,
    loaded,
    empty,
    query,
    page,
    pages,
    inputError,
    failure,
    change,
    confirming,
    saving,
    rowFailure,
  } = useWorkflow(actor, connectUserSearch);
  const id = useId();

  const { q, status, pageNo } = urlQuery;
  // a fact from the router: the URL's query changed (entered, link followed, reload, Back)
  useEffect(() => {
    actor.send({ type: 'query.changed', query: { q, status, pageNo } });
  }, [actor, q, status, pageNo]);
  // the machine searched for a new query: put it in the URL (a history entry, so Back returns to the previous one)
  const current = userQuerySearch(urlQuery);
  useEffect(() => {
    const sub = actor.on('search.requested', (e) => {
      const next = userQuerySearch(e.query);
      if (next !== current) navigate(next ? `${location}?${next}` : location);
    });
    return () => sub.unsubscribe();
  }, [actor, location, navigate, current]);

  const hrefFor = (next: Partial<UserQuery>) => {
    const s = userQuerySearch({ ...query, ...next });
    return s ? `${location}?${s}` : location;
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = new FormData(e.currentTarget).get('q');
    actor.send({ type: 'search.submit', q: typeof value === 'string' ? value : '' });
  };
  const rows = loaded && page ? page.list : [];
  const titleKey = variant === 'editing' ? 'admin.editing.title' : 'admin.search.title';

  return (
    <section
      className="page admin-page"
      aria-labelledby={`${id}-title`}
      data-testid="user-search"
      data-state={statePath}
    >
      <h1 id={`${id}-title`}>{t(titleKey)}</h1>
      {createKinds.length > 0 ? (
        <ul className="admin-page__create">
          {createKinds.map((kind) => (
            <li key={kind}>
              <Link
                href={`/administration/creation/${kind}`}
                className="btn btn--secondary"
                data-testid={`create-${kind}`}
              >
                {t(kind === 'subscriber' ? 'admin.createSubscriber' : 'admin.createAdmin')}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is unknown to jsdom and older browsers; role=search is the same landmark everywhere */}
      <div role="search">
        <form className="admin-search" onSubmit={onSubmit} noValidate>
          <TextField
            key={query.q}
            name="q"
            label={t('admin.search.label')}
            type="search"
            defaultValue={query.q}
            error={inputError}
            hint={inputError ? undefined : t('admin.search.hint')}
            errorTestId="user-search-error"
            data-testid="user-search-input"
          />
          <button type="submit" className="btn" data-testid="user-search-submit">
            {t('app.search')}
          </button>
        </form>
      </div>
      <TabList
        label={t('admin.search.tabs.label')}
        items={USER_TABS.map((tab: UserListStatus) => ({ key: tab, label: t(`admin.search.tabs.${tab}`) }))}
        selected={query.status}
        onSelect={(tab) => navigate(hrefFor({ status: tab, pageNo: 0 }))}
        idBase={`${id}-tabs`}
        tabTestId="user-tab"
      />
      <div
        className="admin-results"
        {...tabPanelProps(`${id}-tabs`, query.status)}
        aria-live="polite"
        aria-busy={loading || undefined}
      >
        {loading ? <p data-testid="user-search-loading">{t('app.loading')}</p> : null}
        {failure ? (
          <ErrorRetry
            code={failure}
            onRetry={() => actor.send({ type: 'search.retry' })}
            testId="user-search-failed"
          />
        ) : null}
        {empty ? <p data-testid="user-search-empty">{t('admin.search.empty')}</p> : null}
        {rows.length > 0 && page ? (
          <>
            <p data-testid="user-search-total">{t('admin.search.found', { count: page.total })}</p>
            <table className="admin-table table-cards" data-testid="user-rows">
              <caption className="visually-hidden">{t('admin.search.results')}</caption>
              <ColumnHeads columns={USER_COLUMNS} label={(c) => t(`admin.columns.${c}`)} />
              <tbody>
                {rows.map((row) => {
                  const userId = String(row.user_id);
                  const action = rowAction(row);
                  const busyRow = saving && change?.userId === userId;
                  const statusKey =
                    row.status === 'active' || row.status === 'blocked' || row.status === 'pending'
                      ? row.status
                      : null;
                  return (
                    <tr
                      key={userId}
                      data-testid={`user-row-${row.user_name}`}
                      data-action={busyRow ? 'inProcess' : action}
                    >
                      <th scope="row">{row.user_name}</th>
                      <td className="admin-table__name" data-label={t('admin.columns.name')}>
                        {row.full_name ?? ''}
                      </td>
                      <td data-label={t('admin.columns.role')}>
                        {row.roles?.[0] ? roleTitle(t, row.roles[0]) : ''}
                      </td>
                      <td data-label={t('admin.columns.ban')}>{row.ban ?? ''}</td>
                      <td data-label={t('admin.columns.status')}>
                        {statusKey ? t(`admin.status.${statusKey}`) : (row.status ?? '')}
                      </td>
                      <td>
                        <div className="admin-table__actions">
                          {busyRow || action === 'inProcess' ? (
                            <span
                              className="admin-table__process"
                              data-testid={busyRow ? 'user-row-saving' : undefined}
                            >
                              {t('admin.user.inProcess')}
                            </span>
                          ) : canEdit ? (
                            <button
                              type="button"
                              className={action === 'block' ? 'btn btn--danger' : 'btn btn--secondary'}
                              disabled={saving}
                              onClick={() =>
                                actor.send({
                                  type: action === 'block' ? 'row.block' : 'row.unblock',
                                  userId,
                                  userName: row.user_name,
                                })
                              }
                              data-testid={`user-${action}-${row.user_name}`}
                            >
                              {t(action === 'block' ? 'admin.user.block' : 'admin.user.unblock')}
                            </button>
                          ) : null}
                          {canEdit ? (
                            <Link
                              href={`/administration/edit-user/${encodeURIComponent(userId)}`}
                              data-testid={`user-edit-${row.user_name}`}
                            >
                              {t('admin.edit')}
                            </Link>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <Pagination
              page={query.pageNo + 1}
              pages={pages}
              onPage={(p) => navigate(hrefFor({ pageNo: p - 1 }))}
              testId="user-page"
            />
          </>
        ) : null}
      </div>
      {confirming && change ? (
        <ConfirmDialog
          title={t(change.blocked ? 'admin.user.block' : 'admin.user.unblock')}
          testId="user-row-confirm"
          cancelLabel={t('app.cancel')}
          confirmLabel={t(change.blocked ? 'admin.user.block' : 'admin.user.unblock')}
          confirmTestId="user-row-confirm-yes"
          danger={change.blocked}
          onCancel={() => actor.send({ type: 'row.cancel' })}
          onConfirm={() => actor.send({ type: 'row.confirm' })}
        >
          <p>
            {t(change.blocked ? 'admin.confirmBlock' : 'admin.confirmUnblock', { user: change.userName })}
          </p>
        </ConfirmDialog>
      ) : null}
      <ErrorDialog
        code={rowFailure}
        onDismiss={() => actor.send({ type: 'error.dismiss' })}
        testId="user-row-failed"
      />
    </section>
  );
}
