import type { NotificationsEvent } from '@/machines/notifications.machine';
import type { ModelTestEntry } from '../support/model-registry';
import { payloadsFor } from '../support/model-universe';

/**
 * Events of the notifications chart: two different messages (so the queue's order is observable), an error (kept
 * until closed) and the 4-second timer, which replay runs on the simulated clock.
 */
const push = (
  key: string,
  tone: 'success' | 'error' = 'success',
): Extract<NotificationsEvent, { type: 'notice.push' }> => ({
  type: 'notice.push',
  notice: { tone, key },
});

export const notificationsPayloads = payloadsFor<NotificationsEvent>({
  'notice.push': [
    push('settings.contacts.saved'),
    push('settings.password.done'),
    push('errors.E001', 'error'),
  ],
});

export const notificationsModelEntry: ModelTestEntry = {
  id: 'notifications',
  payloads: notificationsPayloads,
};
