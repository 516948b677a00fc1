import type { EditorRights, UserAdminEvent, UserAdminTarget } from '@/machines/user-admin.machine';
import type { UserPage, UserQuery, UserSearchEvent } from '@/machines/user-search.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { UserDetails } from '@/services/contract/admin.contract';
import type { ModelTestEntry } from '../support/model-registry';
import { payloadsFor } from '../support/model-universe';

/**
 * Realistic events and actor results of the administration charts: the user search (tabs in the URL, rows with
 * block / unblock / in process) and user creation / editing.
 */

// ── user search ──────────────────────────────────────────────────────────────────────────────────────────────
export const queries = {
  empty: { q: '', status: 'all', pageNo: 0 },
  short: { q: 'ab', status: 'all', pageNo: 0 },
  ova: { q: 'ova', status: 'all', pageNo: 0 },
  blocked: { q: 'ova', status: 'blocked', pageNo: 0 },
  /** boundary: the page after the last (the server answers an empty list) */
  afterLast: { q: 'ova', status: 'all', pageNo: 1 },
} as const satisfies Record<string, UserQuery>;

export const usersPage: UserPage = {
  list: [
    {
      user_id: 11,
      user_name: 'curator',
      full_name: 'Abdullayeva Malika',
      roles: ['R004'],
      ban: '100234561',
      status: 'active',
    },
    {
      user_id: 12,
      user_name: 'blocked.user',
      full_name: 'Saidova Nodira',
      roles: ['R001'],
      ban: '100457732',
      status: 'blocked',
    },
    {
      user_id: 13,
      user_name: 'new.operator',
      full_name: 'Qosimov Aziz',
      roles: ['R008'],
      ban: null,
      status: 'pending',
    },
  ],
  total: 3,
  pageNo: 0,
  pageSize: 45,
};
export const emptyPage: UserPage = { list: [], total: 0, pageNo: 0, pageSize: 45 };

export const forbidden = new ApiFailure({ kind: 'server', code: 'E005' });
export const offline = new ApiFailure({ kind: 'network' });

export const userSearchPayloads = payloadsFor<UserSearchEvent>({
  'query.changed': Object.values(queries).map((query) => ({ type: 'query.changed', query })),
  'search.submit': [
    { type: 'search.submit', q: 'ab' },
    { type: 'search.submit', q: 'curator' },
  ],
  'row.block': [{ type: 'row.block', userId: '11', userName: 'curator' }],
  'row.unblock': [{ type: 'row.unblock', userId: '12', userName: 'blocked.user' }],
  'xstate.done.actor.searchUsers': [
    { type: 'xstate.done.actor.searchUsers', output: usersPage },
    { type: 'xstate.done.actor.searchUsers', output: emptyPage },
  ],
  'xstate.error.actor.searchUsers': [{ type: 'xstate.error.actor.searchUsers', error: offline }],
  'xstate.done.actor.setBlocked': [{ type: 'xstate.done.actor.setBlocked', output: undefined }],
  'xstate.error.actor.setBlocked': [{ type: 'xstate.error.actor.setBlocked', error: forbidden }],
});

export const userSearchModelEntry: ModelTestEntry = { id: 'userSearch', payloads: userSearchPayloads };

// ── user creation / editing ──────────────────────────────────────────────────────────────────────────────────
export const adminRights: EditorRights = { role: 'R000', employee: true };
/** Helpdesk (R002, createAdmin): grants the staff roles below the admin group and no client role (PRG1). */
export const helpdeskRights: EditorRights = { role: 'R002', employee: true };

export const targets = {
  createAdmin: { mode: 'create', kind: 'admin' },
  createSubscriber: { mode: 'create', kind: 'subscriber' },
  edit: { mode: 'edit', userId: '7' },
} as const satisfies Record<string, UserAdminTarget>;

export const operatorDetails: UserDetails = {
  user_id: 7,
  user_name: 'operator',
  full_name: 'Qodirov Sanjar',
  roles: ['R008'],
  ban: null,
  email: 'operator@example.uz',
  phone: '998901112233',
  status: 'active',
  branch: { id: 11, name: 'Toshkent shahar filiali', regionId: 1 },
  regions: [
    { id: 1, name: 'Toshkent shahri' },
    { id: 2, name: 'Toshkent viloyati' },
  ],
};

/** An administrator's account: helpdesk may open it but not grant its role, so the role is shown read-only (PRG3). */
export const administratorDetails: UserDetails = {
  user_id: 8,
  user_name: 'admin',
  full_name: 'Rustamov Jasur',
  roles: ['R000'],
  ban: null,
  email: 'admin@example.uz',
  phone: null,
  status: 'active',
  branch: null,
  regions: [],
};

export const userNotFound = new ApiFailure({ kind: 'server', code: 'E014' });
export const employeeDataForbidden = new ApiFailure({ kind: 'server', code: 'E135' });

export const userAdminPayloads = payloadsFor<UserAdminEvent>({
  'route.entered': [
    ...Object.values(targets).map((target) => ({
      type: 'route.entered' as const,
      target,
      editor: adminRights,
    })),
    // helpdesk creates staff and edits users: the role list leaves out R000/R030 (finding 20)
    { type: 'route.entered', target: targets.createAdmin, editor: helpdeskRights },
    { type: 'route.entered', target: targets.edit, editor: helpdeskRights },
  ],
  'field.change': [
    { type: 'field.change', field: 'user_name', value: 'new.user' },
    // the login is trimmed before it is checked
    { type: 'field.change', field: 'user_name', value: ' new.user ' },
    // U21: a login is at most 100 characters: exactly 100, and one over
    { type: 'field.change', field: 'user_name', value: 'l'.repeat(100) },
    { type: 'field.change', field: 'user_name', value: 'l'.repeat(101) },
    // U22: the name is at most 200 characters: one over, and exactly 200
    { type: 'field.change', field: 'full_name', value: 'Q'.repeat(201) },
    { type: 'field.change', field: 'full_name', value: 'Q'.repeat(200) },
    { type: 'field.change', field: 'role', value: 'R008' },
    // a role only the admin group grants: taken from an administrator, ignored from helpdesk (finding 20)
    { type: 'field.change', field: 'role', value: 'R000' },
    // an edited field of an existing account: only changed fields are sent
    { type: 'field.change', field: 'full_name', value: 'Qodirov Sanjar Ali' },
    // boundary: an emptied required field (an edited account can become invalid)
    { type: 'field.change', field: 'role', value: '' },
  ],
  'xstate.done.actor.getUser': [
    { type: 'xstate.done.actor.getUser', output: operatorDetails },
    { type: 'xstate.done.actor.getUser', output: administratorDetails },
  ],
  'xstate.error.actor.getUser': [
    { type: 'xstate.error.actor.getUser', error: userNotFound },
    { type: 'xstate.error.actor.getUser', error: offline },
  ],
  // PRC2: a created account's reply says how its activation link travelled
  'xstate.done.actor.saveUser': [
    { type: 'xstate.done.actor.saveUser', output: { userId: '42', activation: 'companyEmail' } },
  ],
  'xstate.error.actor.saveUser': [{ type: 'xstate.error.actor.saveUser', error: employeeDataForbidden }],
});

export const userAdminModelEntry: ModelTestEntry = {
  id: 'userAdmin',
  payloads: userAdminPayloads,
  // U22: a valid form takes three typed fields (login, name, role), and (PRG3) the role must be one the editor may
  // grant for the form's kind, so 'created' lies deeper in a random walk
  walkSteps: 12000,
};
