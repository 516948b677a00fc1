/**
 * Staff single sign-on against the operator's identity provider with OpenID Connect (docs/decisions.md
 * SSO4): the authorization-code flow with PKCE (S256), state and nonce, through `openid-client` (a certified,
 * maintained relying-party library: discovery, the token call, the ID token's signature, issuer, audience, expiry and
 * nonce are checked there, not by hand). The staff member's portal login is read from a configured claim; the roles
 * come from the portal's own records, never from the provider.
 */
import * as client from 'openid-client';
import { isLoopbackUrl, secretSetting, secureUrlSetting, wholeSetting } from '../env-settings';

export interface OidcOptions {
  /** OIDC_ISSUER: the provider's issuer URL (discovery at `<issuer>/.well-known/openid-configuration`) */
  issuer: string;
  /** OIDC_CLIENT_ID */
  clientId: string;
  /** OIDC_CLIENT_SECRET or OIDC_CLIENT_SECRET_FILE */
  clientSecret: string;
  /** OIDC_LOGIN_CLAIM (default `preferred_username`; ADFS: `upn` or `unique_name`): the claim holding the login */
  loginClaim: string;
  /** OIDC_SCOPE (default `openid profile`) */
  scope: string;
  /** OIDC_TIMEOUT_MS (default 10 000): discovery and the token call must answer within this */
  timeoutMs: number;
}

/** Reads the OIDC settings: undefined when OIDC_ISSUER is unset; a one-line reason for an unusable value. */
export function oidcOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): OidcOptions | undefined {
  const issuer = env.OIDC_ISSUER;
  if (!issuer) {
    if (env.OIDC_CLIENT_ID || env.OIDC_CLIENT_SECRET || env.OIDC_CLIENT_SECRET_FILE)
      throw new Error(
        'OIDC_CLIENT_ID or OIDC_CLIENT_SECRET is set but OIDC_ISSUER is not: set the issuer URL.',
      );
    return undefined;
  }
  const url = secureUrlSetting('OIDC_ISSUER', issuer);
  const clientId = env.OIDC_CLIENT_ID;
  if (!clientId) throw new Error('OIDC_ISSUER is set but OIDC_CLIENT_ID is not.');
  const clientSecret = secretSetting(
    'OIDC_CLIENT_SECRET',
    env.OIDC_CLIENT_SECRET,
    env.OIDC_CLIENT_SECRET_FILE,
  );
  if (!clientSecret)
    throw new Error('OIDC_ISSUER is set but OIDC_CLIENT_SECRET (or OIDC_CLIENT_SECRET_FILE) is not.');
  return {
    issuer: url.href,
    clientId,
    clientSecret,
    loginClaim: env.OIDC_LOGIN_CLAIM || 'preferred_username',
    scope: env.OIDC_SCOPE || 'openid profile',
    timeoutMs: wholeSetting('OIDC_TIMEOUT_MS', env.OIDC_TIMEOUT_MS, 100, 120_000) ?? 10_000,
  };
}

/** What the callback learnt: the login the provider vouches for, or why not (a reason safe to log). */
export type OidcRefusal = 'no pending sign-on' | `oidc ${string}` | `no ${string} claim`;
export type OidcOutcome = { login: string } | { refused: OidcRefusal };

export interface OidcClient {
  /** The provider's authorization URL for a new attempt bound to `state`; its PKCE verifier and nonce are kept. */
  start(state: string, redirectUri: string): Promise<URL>;
  /** Exchanges the code of `callbackUrl` (the portal's own callback address with the query the browser brought). */
  finish(state: string, callbackUrl: URL): Promise<OidcOutcome>;
}

const PENDING_MS = 10 * 60 * 1000;
const MAX_PENDING = 10_000;

/** A relying party on `o`; the discovery runs at the first sign-on and again after a failed one. */
export function createOidcClient(o: OidcOptions, now: () => number = Date.now): OidcClient {
  let config: Promise<client.Configuration> | undefined;
  const configuration = () => {
    config ??= client
      .discovery(new URL(o.issuer), o.clientId, undefined, client.ClientSecretBasic(o.clientSecret), {
        timeout: Math.ceil(o.timeoutMs / 1000),
        // a provider on this machine (an adapter, the tests) may be plain http; anything else must be https
        ...(isLoopbackUrl(new URL(o.issuer)) ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((e: unknown) => {
        config = undefined;
        throw e;
      });
    return config;
  };
  /** state → the attempt's PKCE verifier and nonce (one instance per database: memory is the right place) */
  const pending = new Map<string, { verifier: string; nonce: string; until: number }>();
  const prune = () => {
    const t = now();
    for (const [k, v] of pending) if (v.until < t) pending.delete(k);
    while (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value as string);
  };

  return {
    async start(state, redirectUri) {
      const c = await configuration();
      const verifier = client.randomPKCECodeVerifier();
      const nonce = client.randomNonce();
      prune();
      pending.set(state, { verifier, nonce, until: now() + PENDING_MS });
      return client.buildAuthorizationUrl(c, {
        redirect_uri: redirectUri,
        scope: o.scope,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
    },

    async finish(state, callbackUrl) {
      const attempt = pending.get(state);
      // one use: a replayed callback finds nothing
      pending.delete(state);
      if (!attempt || attempt.until < now()) return { refused: 'no pending sign-on' };
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(await configuration(), callbackUrl, {
          pkceCodeVerifier: attempt.verifier,
          expectedState: state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
      } catch (e) {
        // the library's error code (OAUTH_…), or the provider's `error`; never the token or the code
        const err = e as {
          code?: string;
          error?: string;
          name?: string;
          cause?: { parameters?: { error?: string } }[];
        };
        // a 401 with WWW-Authenticate (a wrong client secret) names its error in the challenge
        const challenge = Array.isArray(err.cause) ? err.cause[0]?.parameters?.error : undefined;
        return { refused: `oidc ${err.error ?? challenge ?? err.code ?? err.name ?? 'error'}` };
      }
      const value = tokens.claims()?.[o.loginClaim];
      if (typeof value !== 'string' || value.trim() === '') return { refused: `no ${o.loginClaim} claim` };
      return { login: value.trim() };
    },
  };
}
