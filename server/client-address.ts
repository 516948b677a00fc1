import { isIP } from 'node:net';
import type { Context } from 'hono';
import proxyaddr from 'proxy-addr';

/**
 * Which peers may speak for the client (`TRUST_PROXY`, docs/decisions.md PRH1): none (`false`), the nearest `n`
 * hops, or the proxies' addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`. It decides both
 * the protocol (X-Forwarded-Proto, for the Secure cookie and HSTS) and the client address (X-Forwarded-For, for the
 * throttles and the logs).
 */
export type TrustProxy = false | number | readonly string[];

/** `npm start` on a laptop: only a proxy on the same machine is believed (PRH1). */
export const DEFAULT_TRUST_PROXY: TrustProxy = ['loopback'];

/** The address of a request that came without a socket (an in-process call): never a trusted proxy. */
export const NO_PEER = 'local';

const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** Hop counts above this are a typo, not an architecture. */
const MAX_HOPS = 10;

/** One line for a refused value: the value (cut short, it is not secret) and what is accepted. */
function refusal(raw: string, why: string): Error {
  const shown = raw.length > 60 ? `${raw.slice(0, 60)}…` : raw;
  return new Error(
    `TRUST_PROXY=${shown}: ${why}; give the number of proxies in front of the portal (e.g. 1), their addresses ` +
      '(e.g. 10.0.0.0/8,127.0.0.1, or loopback), or 0 for none.',
  );
}

/** One entry of an address list: a range name, an IP address, or an address with a prefix length. */
function isTrustEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const slash = entry.indexOf('/');
  const address = slash < 0 ? entry : entry.slice(0, slash);
  const kind = isIP(address);
  if (kind === 0) return false;
  if (slash < 0) return true;
  const prefix = entry.slice(slash + 1);
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (kind === 4 ? 32 : 128);
}

/**
 * Reads `TRUST_PROXY`. Unset or empty: loopback. `0`/`false`/`no`/`off`/`none`: nobody. Digits: that many hops.
 * Otherwise a comma-separated list of addresses, CIDR ranges and range names. Anything else throws an Error whose
 * message is the one-line reason the portal refuses to start (`true`/`yes` included: trusting every peer would let
 * any client choose its own address).
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '') return DEFAULT_TRUST_PROXY;
  if (/^(0|false|no|off|none)$/i.test(value)) return false;
  if (/^(true|yes|on|all)$/i.test(value))
    throw refusal(value, 'trusting every peer would let any client choose its own address');
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw refusal(value, `more than ${MAX_HOPS} proxies`);
    return hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isTrustEntry(e));
  if (bad !== undefined)
    throw refusal(
      value,
      bad === '' ? 'an empty entry' : `'${bad.slice(0, 40)}' is not an address or a range`,
    );
  return entries;
}

type TrustFn = (address: string, hop: number) => boolean;
const compiled = new WeakMap<readonly string[], TrustFn>();

/** The trust test proxy-addr walks X-Forwarded-For with: `hop` 0 is the socket's peer, 1 the next one out, … */
export function trustFunction(trust: TrustProxy): TrustFn {
  if (trust === false || trust === 0) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  let fn = compiled.get(trust);
  if (!fn) {
    fn = proxyaddr.compile([...trust]);
    compiled.set(trust, fn);
  }
  return fn;
}

/** The address the TCP connection came from (node-server passes the Node request as `c.env.incoming`). */
function peerAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/** `::ffff:192.0.2.1` and `192.0.2.1` are one client; IPv6 in lower case. */
function normalise(address: string): string {
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  return mapped ? (mapped[1] as string) : lower;
}

/**
 * The client's address: the socket's peer, or — when the peer is a trusted proxy — X-Forwarded-For walked from the
 * right, stopping at the first hop that is not trusted (proxy-addr does the walk). An entry that is not an IP
 * address ends the walk at the hop before it, which wrote it. Used by the login and SMS throttles, the recovery
 * limit, the handler context's `ip` and the logs. Without a socket (an in-process call): `local`.
 */
export function clientAddress(c: Context, trust: TrustProxy): string {
  const peer = peerAddress(c);
  if (!peer) return NO_PEER;
  const forwardedFor = c.req.header('x-forwarded-for');
  if (!forwardedFor) return normalise(peer);
  // proxy-addr reads a Node request; these two fields are all it looks at
  const req = { headers: { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: peer } };
  const chain = proxyaddr.all(req as unknown as Parameters<typeof proxyaddr.all>[0], trustFunction(trust));
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = chain[i] as string;
    if (isIP(address) !== 0) return normalise(address);
  }
  return normalise(peer);
}

/** Whether the socket's peer is a proxy whose X-Forwarded-* headers are believed. */
export function fromTrustedProxy(c: Context, trust: TrustProxy): boolean {
  const peer = peerAddress(c);
  return peer !== undefined && trustFunction(trust)(peer, 0);
}

/** The request reached the portal over https: directly, or through a trusted proxy that says so. */
export function isHttps(c: Context, trust: TrustProxy): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return fromTrustedProxy(c, trust) && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}
