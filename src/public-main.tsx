// The public root's entry (docs/decisions.md NC15): the server answers a public onboarding page's address
// (/{lang}/new-client, /{lang}/new-numbers) with this entry's page, public.html, and every other address with the
// app's (src/main.tsx). Evaluated first, so the start language's messages are requested before the rest.

import { reportFailure, watchUncaughtErrors } from '@/app/error-watch';
import { mountRoot } from '@/app/mount-root';
import { PublicApp } from '@/app/public-app';
import { messagesReady } from '@/i18n/start-public';
import './app/app.css';

// an uncaught error or rejection is reported to the server (docs/decisions.md OBS9)
watchUncaughtErrors(window, reportFailure);
const root = document.getElementById('root');
// the page the build rendered ahead (docs/decisions.md LB17) is already on screen: React takes over its markup
if (root) void messagesReady.then(() => mountRoot(root, <PublicApp />));
