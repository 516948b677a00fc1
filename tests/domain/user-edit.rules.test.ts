import { describe, expect, it } from 'vitest';
import { userConfig } from '@/domain/roles.rules';
import { editTargetClass, mayEditUser } from '@/domain/user-edit.rules';

/** The grant map of docs/decisions.md "Per-target edit rules", as a table: editor role × target roles. */
const editor = (role: string) => {
  const c = userConfig({ roles: [role], forceChangePassword: false, profile: null, banSelected: false });
  return { activeRole: role, editUser: c.editUser, createAdmin: c.createAdmin };
};

describe('editTargetClass', () => {
  it.each([
    [['R000'], 'administrator'],
    [['R030'], 'administrator'],
    [['R008', 'R000'], 'administrator'],
    [['R002'], 'staff'],
    [['R003'], 'staff'],
    [['R004', 'R008'], 'staff'],
    [[], 'staff'],
    [['R001'], 'client'],
    [['R004'], 'client'],
    [['R007'], 'client'],
  ] as const)('%j → %s', (roles, cls) => {
    expect(editTargetClass(roles)).toBe(cls);
  });
});

describe('mayEditUser', () => {
  // editor → [administrator target, staff target, client target]
  const table: [string, boolean, boolean, boolean][] = [
    ['R000', true, true, true],
    ['R030', true, true, true],
    ['R002', false, true, true],
    ['R033', false, true, true],
    ['R003', false, false, true],
    ['R034', false, false, true],
    ['R008', false, false, true],
    ['R009', false, false, true],
    ['R011', false, false, true],
    ['R005', false, false, false],
    ['R010', false, false, false],
    ['R004', false, false, false],
    ['R001', false, false, false],
  ];
  it.each(table)('%s edits administrator %s, staff %s, client %s', (role, admin, staff, client) => {
    const e = editor(role);
    expect([mayEditUser(e, ['R000']), mayEditUser(e, ['R003']), mayEditUser(e, ['R004'])]).toEqual([
      admin,
      staff,
      client,
    ]);
  });

  it('an administrator role anywhere in the target list protects the account', () => {
    expect(mayEditUser(editor('R002'), ['R008', 'R030'])).toBe(false);
  });
});
