import nodemailer from 'nodemailer';
import type { DeliveryOptions, SmsGatewayOptions, SmtpOptions } from './options';
import type { MessageLang } from './texts';

/** One message on its way: the recipient (a phone as 998XXXXXXXXX, or an e-mail address) and its words. */
export interface Outgoing {
  to: string;
  subject: string;
  text: string;
  lang: MessageLang;
}

/** The channels the portal sends through outside demo mode (server/messages.ts, README "Messages"). */
export interface Delivery {
  sms?: Transport;
  email?: Transport;
  /** tries per message (at least 1) */
  attempts: number;
  /** wait before the second try, doubled before each further one */
  retryDelayMs: number;
  /** how the wait is spent (tests pass one that does not wait) */
  sleep?: (ms: number) => Promise<void>;
}

export const NO_DELIVERY: Delivery = { attempts: 3, retryDelayMs: 500 };

/** A channel that sends one message or throws a `DeliveryFailure`. */
export interface Transport {
  send(m: Outgoing): Promise<void>;
  /** closes pooled connections (the portal's shutdown) */
  close?(): void;
}

/**
 * Why a message did not go, in words safe to log (an SMTP error code or reply class, an HTTP status, 'timeout'):
 * never the recipient, the text or the gateway's body. `permanent`: trying again cannot help (the relay refused the
 * recipient, the gateway answered 4xx), so no retry.
 */
export class DeliveryFailure extends Error {
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
  ) {
    super(`delivery failed: ${reason}`);
    this.name = 'DeliveryFailure';
  }
}

/** E-mail through an SMTP relay (nodemailer: STARTTLS, implicit TLS, AUTH, timeouts, pooled connections). */
export function smtpTransport(o: SmtpOptions): Transport {
  const mailer = nodemailer.createTransport({
    host: o.host,
    port: o.port,
    secure: o.tls === 'implicit',
    requireTLS: o.tls === 'starttls',
    ignoreTLS: o.tls === 'none',
    ...(o.auth ? { auth: o.auth } : {}),
    ...(o.ca ? { tls: { ca: o.ca } } : {}),
    connectionTimeout: o.timeoutMs,
    greetingTimeout: o.timeoutMs,
    socketTimeout: o.timeoutMs,
    pool: true,
    maxConnections: 2,
    // nodemailer logs nothing of its own: the portal's log says what happened, without the address or the text
    logger: false,
    debug: false,
  });
  return {
    async send(m) {
      try {
        await mailer.sendMail({
          from: o.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          headers: { 'Content-Language': m.lang === 'uz' ? 'uz-Latn' : 'ru' },
        });
      } catch (e) {
        const err = e as { code?: string; responseCode?: number };
        const reply = typeof err.responseCode === 'number' ? err.responseCode : undefined;
        // 5xx replies (no such mailbox, relaying denied, message refused) will not change on a retry; 4xx may
        throw new DeliveryFailure(
          reply ? `smtp ${reply}` : (err.code ?? 'smtp error'),
          reply !== undefined && reply >= 500,
        );
      }
    },
    close: () => mailer.close(),
  };
}

/**
 * SMS through the operator's gateway (docs/messages.md): `POST <SMS_GATEWAY_URL>` with
 * `Content-Type: application/json`, `Authorization: <SMS_GATEWAY_AUTH>` when set, and the body
 * `{"to": "998901234567", "text": "…", "lang": "ru", "sender": "…"}` (`sender` only when configured). Any 2xx is
 * sent; 4xx is refused for good; 5xx, 429, a network error or no answer within the time-out is tried again.
 */
export function smsGatewayTransport(o: SmsGatewayOptions): Transport {
  return {
    async send(m) {
      let res: Response;
      try {
        res = await fetch(o.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(o.authorization ? { authorization: o.authorization } : {}),
          },
          body: JSON.stringify({
            to: m.to,
            text: m.text,
            lang: m.lang,
            ...(o.sender ? { sender: o.sender } : {}),
          }),
          signal: AbortSignal.timeout(o.timeoutMs),
          redirect: 'error',
        });
      } catch (e) {
        const name = (e as Error).name;
        throw new DeliveryFailure(name === 'TimeoutError' ? 'timeout' : 'network error', false);
      }
      // the body is read and dropped: it may echo the number or the text
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) return;
      throw new DeliveryFailure(
        `http ${res.status}`,
        res.status >= 400 && res.status < 500 && res.status !== 429,
      );
    },
  };
}

/** The channels the options configure (none configured: every message outside demo mode answers E142). */
export function createDelivery(o: DeliveryOptions): Delivery {
  return {
    ...(o.smtp ? { email: smtpTransport(o.smtp) } : {}),
    ...(o.sms ? { sms: smsGatewayTransport(o.sms) } : {}),
    attempts: o.attempts,
    retryDelayMs: o.retryDelayMs,
  };
}
