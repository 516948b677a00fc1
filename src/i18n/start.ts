import { startMessages } from './i18n';

/** The app's start messages (login, layout, errors), requested as this module is evaluated: src/main.tsx imports it
 *  first. */
export const messagesReady = startMessages('start');
