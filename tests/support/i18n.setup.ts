/**
 * Unit and view tests read texts synchronously right after importing the i18n instance: both languages' messages are
 * loaded before each test file runs (the browser loads only the shown one, on demand).
 */
import { i18n, loadMessages, loadPageMessages, startMessages } from '@/i18n/i18n';

await Promise.all([
  startMessages('start'),
  loadMessages('ru'),
  loadMessages('uz'),
  loadPageMessages('ru'),
  loadPageMessages('uz'),
]);
await i18n.changeLanguage('ru');
