/**
 * Who may edit, block or unblock whom (docs/decisions.md "Per-target edit rules"; docs/security.md finding 2). The
 * spec gives the groups (spec 6 editUser, createAdmin) but no grant map; without one, call centre could change an
 * administrator's e-mail and take the account over through its recovery link.
 *
 * - a user holding R000 or R030 (anywhere in their role list): only by an active R000/R030;
 * - any other staff user: only by the createAdmin group;
 * - a client user (R001, R004, R007 only): by the editUser group.
 */

import { CLIENT_ROLES } from './roles.rules';

/** The class of an account being edited. */
export type EditTargetClass = 'administrator' | 'staff' | 'client';

const ADMINISTRATOR_ROLES: ReadonlySet<string> = new Set(['R000', 'R030']);
const CLIENT_USER_ROLES: ReadonlySet<string> = new Set(CLIENT_ROLES);

/** Any administrator role anywhere in the list makes the target an administrator; a list of client roles only is a
 *  client; everything else (and an empty list) is staff, the stricter of the two that remain. */
export function editTargetClass(targetRoles: readonly string[]): EditTargetClass {
  if (targetRoles.some((r) => ADMINISTRATOR_ROLES.has(r))) return 'administrator';
  if (targetRoles.length > 0 && targetRoles.every((r) => CLIENT_USER_ROLES.has(r))) return 'client';
  return 'staff';
}

/** The editor as the rule needs it: the active role and its config flags (spec 6 "Config groups"). */
export interface Editor {
  readonly activeRole: string | undefined;
  readonly editUser: boolean;
  readonly createAdmin: boolean;
}

/** Whether `editor` may edit, block or unblock a user holding `targetRoles`. */
export function mayEditUser(editor: Editor, targetRoles: readonly string[]): boolean {
  switch (editTargetClass(targetRoles)) {
    case 'administrator':
      return editor.activeRole !== undefined && ADMINISTRATOR_ROLES.has(editor.activeRole);
    case 'staff':
      return editor.createAdmin;
    case 'client':
      return editor.editUser;
  }
}
