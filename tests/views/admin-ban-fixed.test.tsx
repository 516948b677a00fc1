// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import { userAdminMachine } from '@/machines/user-admin.machine';
import type { UserDetails } from '@/services/contract/admin.contract';
import { UserAdminContext } from '@/views/admin/admin.context';
import { UserFormPage } from '@/views/admin/user-form.view';
import { adminRights } from '../machines/user-admin.payloads';
import { TestProviders } from '../support/render-workflow';

/** The new-user review "the BAN field of a user is editable but every change is refused — show it read-only with the reason"
 *  (decision U18). */
const curatorDetails: UserDetails = {
  user_id: 12,
  user_name: 'curator',
  full_name: 'Rahimova Dilnoza',
  roles: ['R004'],
  ban: '100234561',
  email: 'curator@example.uz',
  phone: '998901234567',
  status: 'active',
  branch: null,
  regions: [],
};

afterEach(cleanup);

describe('user form: the BAN of an existing client account (U18)', () => {
  it('is read-only and says why', async () => {
    const logic = userAdminMachine.provide({
      actors: {
        getUser: fromPromise(async () => curatorDetails),
        saveUser: fromPromise(async () => ({ userId: '12' })),
      } as never,
    });
    render(
      <TestProviders>
        <Router hook={memoryLocation({ path: '/administration/edit-user/12' }).hook}>
          <UserAdminContext.Provider logic={logic}>
            <UserFormPage target={{ mode: 'edit', userId: '12' }} editor={adminRights} />
          </UserAdminContext.Provider>
        </Router>
      </TestProviders>,
    );

    const ban = (await screen.findByTestId('field-ban')) as HTMLInputElement;
    expect(ban.value).toBe('100234561');
    expect(ban.readOnly).toBe(true);
    const hint = document.getElementById(ban.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'Лицевой счёт учётной записи не меняется: для другого счёта создайте нового пользователя.',
    );
  });
});
