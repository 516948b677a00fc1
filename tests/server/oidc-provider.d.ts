// oidc-provider (a test-only stand-in of the operator's identity provider) ships no types; the tests use its
// constructor and `callback()` only.
declare module 'oidc-provider' {
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
  }
}
