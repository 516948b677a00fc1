import { createActorContext } from '@xstate/react';
import { notificationsMachine } from '@/machines/notifications.machine';

/** App-wide notifications actor. */
export const NotificationsContext = createActorContext(notificationsMachine);
