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
 * "Sends" an SMS or e-mail. The reference backend has no gateway: in demo mode the message goes to the demo outbox
 * (readable through `GET /api/demo/outbox` and `readDemoOutbox`) and to the log line `demo.outbox`, the one log line
 * allowed to carry a code; outside demo mode only the fact is logged, without the text.
 */
export function sendMessage(svc: Services, m: Message): void {
  if (svc.config.demoMode) {
    svc.auth.addOutbox(m);
    svc.logger.info('demo.outbox', { to: m.recipient, channel: m.channel, kind: m.kind, text: m.text });
  } else {
    svc.logger.info('message.dropped', { channel: m.channel, kind: m.kind, reason: 'no gateway configured' });
  }
}
