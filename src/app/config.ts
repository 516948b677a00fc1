/**
 * Deployment settings baked in at build time (rsbuild exposes PUBLIC_* variables). The defaults suit the reference
 * backend; a real deployment sets them (README, 'Configuration').
 */
const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

export const appConfig = {
  /** corporate single sign-on entry (spec 7: 'GET single-sign-on initialise-authorization (external link)') */
  ssoUrl: env.PUBLIC_SSO_URL ?? '/api/v1/adfs/initialise-authorization',
  /** the footer's external 'About company' link */
  aboutUrl: env.PUBLIC_ABOUT_URL ?? 'https://example.com/',
  /** base of the API */
  apiBase: env.PUBLIC_API_BASE ?? '/api/',
};
