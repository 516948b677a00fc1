// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import {
  CreationRoute,
  creatableKinds,
  EditUserRoute,
  editorRightsOf,
  UserSearchRoute,
} from '@/app/admin.routes';
import { userConfig } from '@/domain/roles.rules';
import { impersonationMachine } from '@/machines/impersonation.machine';
import { searchBoxMachine } from '@/machines/search-box.machine';
import { sessionMachine } from '@/machines/session.machine';
import { userAdminMachine } from '@/machines/user-admin.machine';
import { userSearchMachine } from '@/machines/user-search.machine';
import type { User } from '@/services/contract/session.contract';
import { offersAll } from '../support/capabilities';
import { createDeferredActors } from '../support/fake-actors';
import { TestProviders } from '../support/render-workflow';

/** The administration routes with a signed-in user of `roles` (fakes that never answer behind the pages). */
function renderRoute(path: string, pattern: string, View: () => React.ReactNode, roles: string[]) {
  const user: User = { user_name: 'u', user_id: 1, roles, chosenRole: roles[0] ?? null, profile: null };
  const fakes = {
    session: sessionMachine.provide({
      actors: { fetchSession: fromPromise<User | null>(async () => user), fetchCapabilities: offersAll() },
    }),
    searchBox: searchBoxMachine.provide({ actors: createDeferredActors(searchBoxMachine).actors }),
    impersonation: impersonationMachine.provide({
      actors: createDeferredActors(impersonationMachine).actors,
    }),
    userSearch: userSearchMachine.provide({ actors: createDeferredActors(userSearchMachine).actors }),
    userAdmin: userAdminMachine.provide({ actors: createDeferredActors(userAdminMachine).actors }),
  };
  render(
    <TestProviders fakes={fakes}>
      <Router hook={memoryLocation({ path }).hook}>
        <Route path={pattern}>
          <View />
        </Route>
      </Router>
    </TestProviders>,
  );
}

afterEach(cleanup);

describe('administration routes', () => {
  it('creation/{type}: the kinds the config allows; another type is not found', async () => {
    renderRoute('/administration/creation/subscriber', '/administration/creation/:type', CreationRoute, [
      'R003',
    ]);
    expect((await screen.findByTestId('user-admin')).dataset.state).toBe('form.editing');
    cleanup();
    renderRoute('/administration/creation/admin', '/administration/creation/:type', CreationRoute, ['R003']);
    expect(await screen.findByTestId('admin-no-rights')).toBeTruthy();
    cleanup();
    renderRoute('/administration/creation/robot', '/administration/creation/:type', CreationRoute, ['R000']);
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('search needs the administration flag; a curator has no rights', async () => {
    renderRoute('/administration/search', '/administration/search', UserSearchRoute, ['R004']);
    expect(await screen.findByTestId('admin-no-rights')).toBeTruthy();
    cleanup();
    renderRoute('/administration/search', '/administration/search', UserSearchRoute, ['R005']);
    expect((await screen.findByTestId('user-search')).dataset.state).toBe('idle');
    // a seller may search but neither create nor edit
    expect(screen.queryByTestId('create-admin')).toBeNull();
  });

  it('edit-user/{id} needs editUser, then loads that user', async () => {
    renderRoute('/administration/edit-user/7', '/administration/edit-user/:id', EditUserRoute, ['R005']);
    expect(await screen.findByTestId('admin-no-rights')).toBeTruthy();
    cleanup();
    renderRoute('/administration/edit-user/7', '/administration/edit-user/:id', EditUserRoute, ['R002']);
    expect((await screen.findByTestId('user-admin')).dataset.state).toBe('loading');
  });
});

describe('rights from the config (spec 6)', () => {
  const facts = (role: string) => ({
    roles: [role],
    forceChangePassword: false,
    profile: null,
    banSelected: false,
  });

  it.each([
    ['R000', ['subscriber', 'admin']],
    ['R002', ['admin']],
    ['R003', ['subscriber']],
    ['R005', []],
  ])('%s may create %j', (role, kinds) => {
    expect(creatableKinds(userConfig(facts(role)))).toEqual(kinds);
  });

  it('only operator employees may change proxy', () => {
    expect(editorRightsOf(facts('R000'))).toEqual({ role: 'R000', employee: true });
    expect(editorRightsOf(facts('R002')).role).toBe('R002');
    // the chosen role is first in the facts: it decides what may be granted
    expect(editorRightsOf({ ...facts('R005'), roles: ['R005', 'R008'] }).role).toBe('R005');
    expect(editorRightsOf(facts('R004')).employee).toBe(false);
  });
});
