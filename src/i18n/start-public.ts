import { startMessages } from './i18n';

/** The public root's start messages (layout and errors only: docs/decisions.md NC15), requested as this module is
 *  evaluated: src/public-main.tsx imports it first. */
export const messagesReady = startMessages('shell');
