import type { Services } from './handler';

export interface Message {
  recipient: string;
  login: string | null;
  channel: 'sms' | 'email';
  kind: 'sms-code' | 'temp-password' | 'restore-link' | 'activation-link';
  text: string;
  /** the code / token / temporary password inside `text` */
  secret: string;
}

/**
 * "Sends" an SMS or e-mail. The reference backend has no gateway: in demo mode the message goes to the demo outbox,
 * read on the demo page (server/demo, 127.0.0.1 only); the log says only that a message went there, never its text
 * or code. Outside demo mode only the fact is logged.
 */
export function sendMessage(svc: Services, m: Message): void {
  if (svc.config.demoMode) {
    svc.auth.addOutbox(m);
    svc.logger.info('demo.outbox', { channel: m.channel, kind: m.kind });
  } else {
    svc.logger.info('message.dropped', { channel: m.channel, kind: m.kind, reason: 'no gateway configured' });
  }
}
