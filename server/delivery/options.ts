import { readFileSync } from 'node:fs';
import { secretSetting, secureUrlSetting, wholeSetting } from '../env-settings';

/**
 * The message delivery settings (README "Environment variables", docs/decisions.md MSG1-MSG3). Each channel is off
 * unless configured; a value that is set but unusable refuses the start with a one-line reason, never a silent default.
 */
export interface SmtpOptions {
  /** SMTP_HOST */
  host: string;
  /** SMTP_PORT (default 587; 465 when SMTP_TLS=implicit) */
  port: number;
  /** SMTP_TLS: `starttls` (default: STARTTLS required, the connection never goes on in clear), `implicit` (TLS from
   *  the first byte, port 465), `none` (a relay on the same host or network only) */
  tls: 'starttls' | 'implicit' | 'none';
  /** SMTP_USER and SMTP_PASSWORD (or SMTP_PASSWORD_FILE, e.g. a mounted secret): unset for a relay without auth */
  auth?: { user: string; pass: string };
  /** SMTP_FROM: the sender, e.g. `B2B portal <no-reply@b2b.example.uz>` (required with SMTP_HOST) */
  from: string;
  /** SMTP_CA_FILE: a PEM file of the certification centre of the relay's certificate, when not a public one */
  ca?: string;
  /** SMTP_TIMEOUT_MS (default 10 000): connection, greeting and each reply must come within this */
  timeoutMs: number;
}

export interface SmsGatewayOptions {
  /** SMS_GATEWAY_URL: https URL the portal POSTs each SMS to (docs/messages.md) */
  url: string;
  /** SMS_GATEWAY_AUTH (or SMS_GATEWAY_AUTH_FILE): the whole Authorization header value, e.g. `Bearer …` */
  authorization?: string;
  /** SMS_GATEWAY_SENDER: the sender name the gateway shows, when it takes one */
  sender?: string;
  /** SMS_GATEWAY_TIMEOUT_MS (default 10 000) */
  timeoutMs: number;
}

export interface DeliveryOptions {
  smtp?: SmtpOptions;
  sms?: SmsGatewayOptions;
  /** MESSAGE_ATTEMPTS (default 3, 1-5): tries per message before the user is told to try later */
  attempts: number;
  /** MESSAGE_RETRY_MS (default 500): the wait before the second try; it doubles before each further one */
  retryDelayMs: number;
}

export const DEFAULT_DELIVERY: DeliveryOptions = { attempts: 3, retryDelayMs: 500 };

function smtpFromEnv(env: NodeJS.ProcessEnv): SmtpOptions | undefined {
  const host = env.SMTP_HOST;
  if (!host) {
    const stray = [
      'SMTP_PORT',
      'SMTP_USER',
      'SMTP_PASSWORD',
      'SMTP_PASSWORD_FILE',
      'SMTP_FROM',
      'SMTP_TLS',
    ].find((n) => env[n]);
    if (stray) throw new Error(`${stray} is set but SMTP_HOST is not: set SMTP_HOST to send e-mail.`);
    return undefined;
  }
  const tlsRaw = env.SMTP_TLS || 'starttls';
  if (tlsRaw !== 'starttls' && tlsRaw !== 'implicit' && tlsRaw !== 'none')
    throw new Error(
      `SMTP_TLS=${JSON.stringify(tlsRaw).slice(0, 40)} is not one of starttls, implicit, none.`,
    );
  const from = env.SMTP_FROM;
  if (!from)
    throw new Error('SMTP_HOST is set but SMTP_FROM is not: name the sender of the portal’s e-mail.');
  const user = env.SMTP_USER;
  const pass = secretSetting('SMTP_PASSWORD', env.SMTP_PASSWORD, env.SMTP_PASSWORD_FILE);
  if (Boolean(user) !== Boolean(pass))
    throw new Error('SMTP_USER and SMTP_PASSWORD (or SMTP_PASSWORD_FILE) go together: set both or neither.');
  let ca: string | undefined;
  if (env.SMTP_CA_FILE) {
    try {
      ca = readFileSync(env.SMTP_CA_FILE, 'utf8');
    } catch (e) {
      throw new Error(
        `SMTP_CA_FILE=${env.SMTP_CA_FILE} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'}).`,
      );
    }
  }
  return {
    host,
    port: wholeSetting('SMTP_PORT', env.SMTP_PORT, 1, 65535) ?? (tlsRaw === 'implicit' ? 465 : 587),
    tls: tlsRaw,
    ...(user && pass ? { auth: { user, pass } } : {}),
    from,
    ...(ca ? { ca } : {}),
    timeoutMs: wholeSetting('SMTP_TIMEOUT_MS', env.SMTP_TIMEOUT_MS, 100, 120_000) ?? 10_000,
  };
}

function smsFromEnv(env: NodeJS.ProcessEnv): SmsGatewayOptions | undefined {
  const raw = env.SMS_GATEWAY_URL;
  if (!raw) {
    if (env.SMS_GATEWAY_AUTH || env.SMS_GATEWAY_AUTH_FILE)
      throw new Error('SMS_GATEWAY_AUTH is set but SMS_GATEWAY_URL is not: set the gateway’s URL.');
    return undefined;
  }
  // the auth header and the codes travel in it: clear text only to a gateway on this machine
  const url = secureUrlSetting('SMS_GATEWAY_URL', raw);
  const authorization = secretSetting('SMS_GATEWAY_AUTH', env.SMS_GATEWAY_AUTH, env.SMS_GATEWAY_AUTH_FILE);
  return {
    url: url.href,
    ...(authorization ? { authorization } : {}),
    ...(env.SMS_GATEWAY_SENDER ? { sender: env.SMS_GATEWAY_SENDER } : {}),
    timeoutMs: wholeSetting('SMS_GATEWAY_TIMEOUT_MS', env.SMS_GATEWAY_TIMEOUT_MS, 100, 120_000) ?? 10_000,
  };
}

/** Reads the delivery settings; throws with a one-line reason for a value the portal cannot send with. */
export function deliveryOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DeliveryOptions {
  const smtp = smtpFromEnv(env);
  const sms = smsFromEnv(env);
  return {
    ...(smtp ? { smtp } : {}),
    ...(sms ? { sms } : {}),
    attempts: wholeSetting('MESSAGE_ATTEMPTS', env.MESSAGE_ATTEMPTS, 1, 5) ?? DEFAULT_DELIVERY.attempts,
    retryDelayMs:
      wholeSetting('MESSAGE_RETRY_MS', env.MESSAGE_RETRY_MS, 0, 60_000) ?? DEFAULT_DELIVERY.retryDelayMs,
  };
}

/** The start-up line that says which channels are active (no host names, no secrets). */
export function deliverySummary(o: DeliveryOptions, demoMode: boolean): string {
  if (demoMode) return 'Messages: demo outbox (nothing is sent)';
  const on = [
    o.smtp ? `e-mail over SMTP (${o.smtp.tls})` : 'e-mail off (SMTP_HOST unset)',
    o.sms ? 'SMS through the gateway' : 'SMS off (SMS_GATEWAY_URL unset)',
  ];
  return `Messages: ${on.join(', ')}`;
}
