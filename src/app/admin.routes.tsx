import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { USER_KINDS, type UserKind } from '@/domain/constants';
import { activeRole, isClientRole, type UserConfig, type UserFacts, userConfig } from '@/domain/roles.rules';
import { usePageLang } from '@/i18n/page-lang';
import { selectUserFacts } from '@/machines/session.selectors';
import type { EditorRights } from '@/machines/user-admin.machine';
import { UserAdminContext, UserSearchContext } from '@/views/admin/admin.context';
import { UserFormPage } from '@/views/admin/user-form.view';
import { UserSearchPage } from '@/views/admin/user-search.view';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import { NotFound } from '@/views/layout/not-found.view';
import { SessionContext } from '@/views/session/session.context';

/**
 * The administration routes (spec 2: /administration with children search, creation/{type}, editing (EditUser),
 * edit-user/{id}). Each page is mounted with its machine; what the user may do comes from the config flags of spec 6:
 * administration for the pages, editUser for editing and block/unblock, createSubscriber / createAdmin per kind.
 */

/** The kinds of account the config lets the user create (spec 6 createSubscriber, createAdmin). */
export function creatableKinds(config: UserConfig): UserKind[] {
  return USER_KINDS.filter((k) => (k === 'subscriber' ? config.createSubscriber : config.createAdmin));
}

/** What the editor may do in the user form: its active role decides which roles it may grant (PRG1); only
 *  employees (operator staff) may change proxy (spec 5). */
export function editorRightsOf(facts: UserFacts): EditorRights {
  const config = userConfig(facts);
  const role = activeRole(facts.roles);
  return {
    role: role ?? null,
    employee: config.administration && role !== undefined && !isClientRole(role),
  };
}

function NoRights() {
  const { t } = useTranslation();
  return (
    <section className="page page--message" data-testid="admin-no-rights">
      <h1>{t('admin.title')}</h1>
      <p>{t('admin.noRights')}</p>
    </section>
  );
}

function useFacts(): UserFacts | null {
  return SessionContext.useSelector(selectUserFacts);
}

function SearchPage({ variant }: { variant: 'search' | 'editing' }) {
  const facts = useFacts();
  const { userSearch } = useWorkflowLogic();
  if (!facts) return null;
  const config = userConfig(facts);
  if (!config.administration) return <NoRights />;
  return (
    <UserSearchContext.Provider logic={userSearch}>
      <UserSearchPage variant={variant} createKinds={creatableKinds(config)} canEdit={config.editUser} />
    </UserSearchContext.Provider>
  );
}

/** `/administration/search`: user search (the administration link of the header leads here). */
export function UserSearchRoute() {
  return <SearchPage variant="search" />;
}

/** `/administration/editing` (EditUser, the helpdesk landing): find a user to edit, create users. */
export function EditingRoute() {
  return <SearchPage variant="editing" />;
}

function CreationPage() {
  const { type } = useParams<{ type: string }>();
  const lang = usePageLang();
  const facts = useFacts();
  const { userAdmin } = useWorkflowLogic();
  const kind = USER_KINDS.find((k) => k === type);
  if (!kind) return <NotFound homeHref={`~/${lang}`} />;
  if (!facts) return null;
  const config = userConfig(facts);
  if (!config.administration || !creatableKinds(config).includes(kind)) return <NoRights />;
  return (
    <UserAdminContext.Provider logic={userAdmin}>
      <UserFormPage target={{ mode: 'create', kind }} editor={editorRightsOf(facts)} />
    </UserAdminContext.Provider>
  );
}

/** `/administration/creation/{subscriber|admin}`: the kinds the config allows; any other type is not found. */
export function CreationRoute() {
  return <CreationPage />;
}

function EditUserPage() {
  const { id } = useParams<{ id: string }>();
  const facts = useFacts();
  const { userAdmin } = useWorkflowLogic();
  if (!facts) return null;
  if (!userConfig(facts).editUser) return <NoRights />;
  return (
    <UserAdminContext.Provider logic={userAdmin}>
      <UserFormPage target={{ mode: 'edit', userId: id ?? '' }} editor={editorRightsOf(facts)} />
    </UserAdminContext.Provider>
  );
}

/** `/administration/edit-user/{id}`: edit a user (editUser config). */
export function EditUserRoute() {
  return <EditUserPage />;
}
