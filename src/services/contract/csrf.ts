/** The header every mutating (non-GET) call carries. A cross-site form post cannot set a custom header without a
 *  CORS preflight, so the reference server rejects a non-GET request without it. Header names are
 *  case-insensitive on the wire; the lower-case spelling is what Node's request headers expose. */
export const CSRF_HEADER = 'x-requested-with' as const;
export const CSRF_VALUE = 'portal' as const;
