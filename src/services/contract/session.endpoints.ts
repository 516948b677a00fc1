import { defineEndpoint } from './endpoint';
import { emptyResult as noResult } from './envelope';
import {
  changePasswordBody,
  checkBody,
  forgotBody,
  loginBody,
  profileSchema,
  registerBody,
  resendCodeBody,
  restoreBody,
  saveChosenRoleBody,
  userSchema,
} from './session.contract';

/**
 * The session and user calls of the endpoint table (spec 7), in a module of their own: they are the first calls of
 * every visit (the session check, sign-in), so the app's client carries these and fetches the rest of the table on
 * the first other call. `endpoints.ts` spreads them into the one table. Nothing here imports full `zod`
 * (docs/decisions.md LB5): `noResult` is the envelope's `emptyResult` (fields.contract.ts re-exports the same).
 */
export const sessionEndpoints = {
  'session.user': defineEndpoint({
    method: 'GET',
    path: 'user/',
    result: userSchema,
    auth: 'session',
    summary: 'the current session user (E009 when there is no session)',
  }),
  'session.profile': defineEndpoint({
    method: 'GET',
    path: 'profile',
    result: profileSchema,
    auth: 'session',
    summary: 'profile of the current user (or of the impersonated subscriber)',
  }),
  'session.logout': defineEndpoint({
    method: 'POST',
    path: 'user/logout',
    result: noResult,
    auth: 'session',
    summary: 'close the session',
  }),
  'session.login': defineEndpoint({
    method: 'POST',
    path: 'user/login',
    body: loginBody,
    result: userSchema,
    auth: 'public',
    summary: 'log in with login and password (E012 wrong, E023 blocked, E131, E132)',
  }),
  'session.check': defineEndpoint({
    method: 'POST',
    path: 'user/check',
    body: checkBody,
    result: userSchema,
    auth: 'public',
    summary: 'confirm the SMS code of the registration; opens the session (E003, E006, E021)',
  }),
  'session.register': defineEndpoint({
    method: 'POST',
    path: 'user/register',
    body: registerBody,
    result: noResult,
    auth: 'public',
    summary: 'start registration by phone: an SMS code is sent (E004, E008, E025)',
  }),
  'session.resendCode': defineEndpoint({
    method: 'POST',
    path: 'user/resend-code',
    body: resendCodeBody,
    result: noResult,
    auth: 'public',
    summary: 'send the SMS code again',
  }),
  'session.forgot': defineEndpoint({
    method: 'POST',
    path: 'user/forgot',
    body: forgotBody,
    result: noResult,
    auth: 'public',
    summary: 'send a password-recovery link (E086)',
  }),
  'session.restore': defineEndpoint({
    method: 'POST',
    path: 'user/restore',
    body: restoreBody,
    result: noResult,
    auth: 'public',
    summary: 'set a new password from a recovery link token r (E024)',
  }),
  'session.changePassword': defineEndpoint({
    method: 'POST',
    path: 'user/change-password',
    body: changePasswordBody,
    result: noResult,
    auth: 'session',
    summary: 'change the own password (clears force_change_password)',
  }),
  'session.saveChosenRole': defineEndpoint({
    method: 'POST',
    path: 'v1/adfs/save-chosen-role',
    body: saveChosenRoleBody,
    result: noResult,
    auth: 'session',
    summary: 'store the role chosen for this session (E130, E133, E134)',
  }),
} as const;
