/**
 * The session chart's `main` region at rest (src/machines/session.machine.ts), as the shell's `data-state` shows it:
 * a page, the role picker, the forced password change or the profile's error — what a signed-in user can act on.
 * The address leaves /login while the session may still save the role or load the profile; the browser tests and the
 * bench start from a settled session, not mid-way (a reload during the role's save raced this way).
 */
export const SETTLED_SESSION = `[data-testid="session"]:is(${[
  'ready',
  'choosingRole',
  'forcedPasswordChange',
  'profileFailed',
]
  .map((state) => `[data-state~="authenticated.main.${state}"]`)
  .join(', ')})`;
