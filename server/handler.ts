import type { z } from 'zod';
import type { ErrorCode } from '../src/domain/errors';
import type { Schema } from '../src/services/contract/endpoint';
import type { Endpoint, EndpointName } from '../src/services/contract/endpoints';
import type { OidcClient } from './auth/oidc';
import type { ClientErrorSink } from './client-errors';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { Delivery } from './delivery/transport';
import type { TrustStore } from './eimzo/trust';
import type { Logger } from './logger';
import type { PortalMetrics } from './metrics';
import type { ActivityStore } from './store/activity.store';
import type { AddonsStore } from './store/addons.store';
import type { AgreementStore } from './store/agreement.store';
import type { At39Store } from './store/at39.store';
import type { AuthStore } from './store/auth.store';
import type { BlockStore } from './store/block.store';
import type { DebtStore } from './store/debt.store';
import type { EmployeesStore } from './store/employees.store';
import type { GoldenStore } from './store/golden.store';
import type { InventoryStore } from './store/inventory.store';
import type { NumberStore } from './store/number.store';
import type { OrdersStore } from './store/orders.store';
import type { PlansStore } from './store/plans.store';
import type { PreorderStore } from './store/preorder.store';
import type { ProfileStore } from './store/profile.store';
import type { RecoveryContactStore } from './store/recovery-contact.store';
import type { SessionRow, SessionStore } from './store/session.store';
import type { SsoStore } from './store/sso.store';
import type { ThrottleStore } from './store/throttle.store';
import type { UserRow, UserStore } from './store/user.store';
import type { Viewer } from './viewer';

/** Everything a handler may use; built once per app by `createServices`, every store in that one place (a handler
 *  never builds or caches a store of its own). */
export interface Services {
  db: Db;
  clock: Clock;
  logger: Logger;
  config: ServerConfig;
  /** the companies' activity log (AL1-AL5): the stores that change a company's state append to it */
  activity: ActivityStore;
  users: UserStore;
  profiles: ProfileStore;
  numbers: NumberStore;
  sessions: SessionStore;
  auth: AuthStore;
  throttle: ThrottleStore;
  block: BlockStore;
  /** The one number inventory (PRI1): golden, AT 39 and pre-orders take and free its numbers. */
  inventory: InventoryStore;
  golden: GoldenStore;
  orders: OrdersStore;
  preorders: PreorderStore;
  agreements: AgreementStore;
  at39: At39Store;
  addons: AddonsStore;
  employees: EmployeesStore;
  /** the planned blocks and restores (SP1-SP6): the plans' handlers and the runner share it */
  plans: PlansStore;
  debts: DebtStore;
  recoveryContacts: RecoveryContactStore;
  sso: SsoStore;
  /** the browsers' failure reports: one sink, and so one rate limit, per backend instance (OBS9) */
  clientErrors: ClientErrorSink;
  /** the portal's Prometheus metrics (server/metrics.ts); a registry of its own when the app runs alone */
  metrics: PortalMetrics;
  /** where SMS and e-mail go outside demo mode (server/messages.ts); no channel configured: E142 */
  delivery: Delivery;
  /** the staff sign-on's OpenID Connect relying party (`OIDC_*`, decisions SSO4); unset: the demo simulator or none */
  oidc?: OidcClient;
  /** the operator's certification centres (EIMZO_TRUST_DIR, decisions SIG1), read again when its files change;
   *  unset: the simulator's test CA in demo mode, and no signature accepted outside it */
  signatureTrust?: () => TrustStore;
}

type Out<S> = S extends Schema ? z.output<S> : undefined;

/** Validated input of endpoint `N`: the output types of its params / query / body schemas. */
export interface HandlerInput<N extends EndpointName> {
  params: Endpoint<N> extends { params: infer P } ? Out<P> : undefined;
  query: Endpoint<N> extends { query: infer Q } ? Out<Q> : undefined;
  body: Endpoint<N> extends { body: infer B } ? Out<B> : undefined;
  /** the uploaded file of a multipart call (its form field `fileField`), checked to be present */
  file: Endpoint<N> extends { multipart: true } ? File : undefined;
}

/** What a handler returns: the wire (input) form of the endpoint's result schema. */
export type HandlerReply<N extends EndpointName> = z.input<Endpoint<N>['result']>;

/** The session of the request together with who is asking. */
export interface RequestSession {
  row: SessionRow;
  user: UserRow;
  viewer: Viewer;
}

export interface HandlerContext<N extends EndpointName> {
  name: N;
  input: HandlerInput<N>;
  /** present for every `auth: 'session'` endpoint; for public ones only when the caller happens to have one */
  session: Endpoint<N>['auth'] extends 'public' ? RequestSession | null : RequestSession;
  svc: Services;
  /** Opens a new session for the user and sets the cookie (closing the caller's current one, if any). */
  openSession(userId: number): SessionRow;
  /** Closes the caller's session and clears the cookie. */
  closeSession(reason: string): void;
  /** `scheme://host` of the request, for links in messages */
  origin: string;
  /** client address for the log */
  ip: string;
}

/** One call's implementation: validated input in, the result payload out; failures are thrown as `ApiError`. */
export type Handler<N extends EndpointName> = (
  ctx: HandlerContext<N>,
) => HandlerReply<N> | Promise<HandlerReply<N>>;

/** A per-area handler table. */
export type Handlers = { [N in EndpointName]?: Handler<N> };

/** A failure with a catalogue code; the registrar answers it as an error envelope (HTTP 200). */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly description: string | undefined;
  constructor(code: ErrorCode, description?: string) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.description = description;
  }
}

/** Throws `ApiError(code)` unless `cond`. */
export function ensure(cond: unknown, code: ErrorCode, description?: string): asserts cond {
  if (!cond) throw new ApiError(code, description);
}
