import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import type { RestoreLinkState } from './session.contract';

/**
 * Whether a recovery or activation link may still set a password (docs/decisions.md RL1). The spec has no such call
 * (spec 7 names only POST user/restore, which uses the link up); the restore page asks it on opening, so a used link
 * says so before the user types a new password twice. A slice of its own, out of the login page's scripts: only the
 * restore page calls it, and the table it is part of loads on that first call.
 */

/** POST user/restore/check body: the link's `r`, in a body rather than a URL so it stays out of any URL log. */
export const restoreLinkBody = z.object({ r: z.string().check(z.minLength(1), z.maxLength(500)) });
export type RestoreLinkBody = z.infer<typeof restoreLinkBody>;

const STATES = ['valid', 'used', 'expired', 'unknown'] as const satisfies readonly RestoreLinkState[];

/** The link's state; nothing is used up by asking. */
export const restoreLinkSchema = z.looseObject({ link: z.enum(STATES) });
export type RestoreLinkWire = z.infer<typeof restoreLinkSchema>;

export const restoreLinkEndpoints = {
  'session.restoreLink': defineEndpoint({
    method: 'POST',
    path: 'user/restore/check',
    body: restoreLinkBody,
    result: restoreLinkSchema,
    auth: 'public',
    // CAP1, a tolerated call: without the check the form shows at once and its submit decides, as before RL1
    ifUnknown: { link: 'valid' },
    summary:
      'whether a recovery / activation link r may still set a password: valid, used, expired or unknown (RL1)',
  }),
};
