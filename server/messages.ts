import { smsAddress } from '../src/domain/phone.rules';
import { type MessageKind, type MessageLang, messageWording } from './delivery/texts';
import { DeliveryFailure } from './delivery/transport';
import type { Services } from './handler';
import { ApiError } from './handler';

export interface Message {
  /** a phone as 998XXXXXXXXX (or the 9 digits of a number) for SMS, an address for e-mail */
  recipient: string;
  login: string | null;
  channel: 'sms' | 'email';
  kind: MessageKind;
  /** the recipient's language: the page the request came from, else Russian (decisions MSG1) */
  lang: MessageLang;
  /** the code, temporary password or link token (the demo page reads it; never logged) */
  secret: string;
  /** the link the message carries (recovery, activation), built around `secret` */
  link?: string;
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Sends an SMS or e-mail in the recipient's language. Demo mode: the message goes to the demo outbox (read on the
 * demo page, 127.0.0.1 only), nothing is sent. Otherwise it goes through the channel's transport, tried up to
 * `attempts` times while the failure may pass; when it did not go (or the channel is not configured) the log says
 * why, without the recipient, the text or the secret, and the caller gets E142 ('could not send, try later').
 */
export async function sendMessage(svc: Services, m: Message): Promise<void> {
  const { subject, text } = messageWording(m.kind, m.lang, { secret: m.link ?? m.secret, login: m.login });
  const facts = { channel: m.channel, kind: m.kind, lang: m.lang };
  if (svc.config.demoMode) {
    svc.auth.addOutbox({
      recipient: m.recipient,
      login: m.login,
      channel: m.channel,
      kind: m.kind,
      text,
      secret: m.secret,
    });
    svc.logger.info('demo.outbox', facts);
    return;
  }
  const d = svc.delivery;
  const transport = m.channel === 'sms' ? d.sms : d.email;
  if (!transport) {
    svc.logger.warn('message.unsent', {
      ...facts,
      reason: m.channel === 'sms' ? 'SMS_GATEWAY_URL unset' : 'SMTP_HOST unset',
    });
    svc.metrics.message(m.channel, 'unsent');
    throw new ApiError('E142', 'the channel is not configured');
  }
  const to = m.channel === 'sms' ? smsAddress(m.recipient) : m.recipient;
  const attempts = Math.max(1, d.attempts);
  for (let attempt = 1; ; attempt++) {
    try {
      await transport.send({ to, subject, text, lang: m.lang });
      svc.logger.info('message.sent', { ...facts, attempt });
      svc.metrics.message(m.channel, 'sent');
      return;
    } catch (e) {
      const failure = e instanceof DeliveryFailure ? e : new DeliveryFailure('error', false);
      const last = attempt >= attempts || failure.permanent;
      svc.logger[last ? 'error' : 'warn'](last ? 'message.failed' : 'message.retry', {
        ...facts,
        attempt,
        reason: failure.reason,
      });
      if (last) {
        svc.metrics.message(m.channel, 'failed');
        throw new ApiError('E142', failure.permanent ? 'refused' : 'not delivered');
      }
      await (d.sleep ?? wait)(d.retryDelayMs * 2 ** (attempt - 1));
    }
  }
}
