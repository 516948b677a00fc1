// The app: in the entry's own script, evaluated when src/early.ts says so (src/main.tsx; docs/decisions.md LB23).
import { App } from '@/app/app';
import { reportFailure, watchUncaughtErrors } from '@/app/error-watch';
import { mountRoot } from '@/app/mount-root';
import { messagesReady } from '@/i18n/start';
import { loadMoreForms } from '@/views/auth/auth-page.view';
import './app/app.css';

// an uncaught error or rejection is reported to the server (docs/decisions.md OBS9)
watchUncaughtErrors(window, reportFailure);
const root = document.getElementById('root');
// a page the build rendered ahead (docs/decisions.md LB12) is already on screen: React takes over its markup, a
// register or forgot form's only once its chunk is in (LB20)
if (root)
  void messagesReady
    .then(() => root.querySelector('[data-auth]:not([data-auth=login])') && loadMoreForms())
    .then(() => mountRoot(root, <App />));
