import { numberStatusKind } from '@/domain/constants';

/** The i18n key naming a status code (spec 3/4: A and O active, S blocked, N terminated, T tentative). */
export type StatusLabelKey =
  | 'widgets.status.active'
  | 'widgets.status.blocked'
  | 'widgets.status.terminated'
  | 'widgets.status.tentative'
  | 'widgets.status.unknown';

/** The message key for a status code; a missing or unknown code reads 'unknown' (never the raw code alone). */
export function statusLabelKey(code: string | null | undefined): StatusLabelKey {
  return `widgets.status.${code == null ? 'unknown' : numberStatusKind(code)}`;
}
