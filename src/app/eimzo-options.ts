import { appConfig } from '@/config';
import type { EimzoClientOptions } from '@/services/eimzo/eimzo-client';

/** Local development only: the module accepts any key for localhost and 127.0.0.1 (real domains need real keys). */
const DEV_API_KEYS = 'localhost,portal-dev-key,127.0.0.1,portal-dev-key';

/**
 * Where the module listens and which API keys the page registers. Defaults follow the protocol doc (ws on http,
 * wss on https, at 127.0.0.1); a page may override the URL with `<meta name="eimzo-url" content="…">` (the reference
 * server sets it when its simulator listens elsewhere), a build with `PUBLIC_EIMZO_URL`, and the API keys with
 * `PUBLIC_EIMZO_API_KEYS` ("domain1,KEY1,domain2,KEY2").
 */
export function eimzoClientOptions(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document) {
  const fromPage = doc?.querySelector<HTMLMetaElement>('meta[name="eimzo-url"]')?.content?.trim();
  const url = fromPage || appConfig.eimzoUrl || undefined;
  const keys = (appConfig.eimzoApiKeys ?? DEV_API_KEYS)
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const mobile = /Android|iPhone|iPad|Mobile/i.test(globalThis.navigator?.userAgent ?? '');
  const opts: EimzoClientOptions = { apiKeys: keys, isMobile: mobile };
  return url ? { ...opts, url } : opts;
}
