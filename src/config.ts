/**
 * The one module that reads the build's environment. Deployment settings baked in at build time (rsbuild exposes PUBLIC_* variables). The defaults suit the reference
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
  /** the signing module's websocket, when not the protocol's default (a page's `eimzo-url` meta wins) */
  eimzoUrl: env.PUBLIC_EIMZO_URL,
  /** API keys the page registers with the signing module: "domain1,KEY1,domain2,KEY2" */
  eimzoApiKeys: env.PUBLIC_EIMZO_API_KEYS,
  /** where the balance widget's top-up link leads (the spec names no payment page; docs/decisions.md) */
  topUpUrl: env.PUBLIC_TOPUP_URL ?? 'https://example.com/payment',
};
