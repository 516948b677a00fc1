// Evaluated first, so the start language's messages are requested before the rest of the app is evaluated.

import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { messagesReady } from '@/i18n/start';
import './app/app.css';

const root = document.getElementById('root');
if (root) void messagesReady.then(() => createRoot(root).render(<App />));
