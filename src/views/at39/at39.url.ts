import {
  AT39_REGION_IDS,
  type At39ListParams,
  DEFAULT_AT39_PARAMS,
  parseAt39Params,
} from '@/domain/at39.rules';
import { readListSearch, writeListSearch } from '@/views/common/list-url';

/**
 * The list's filters and page in the URL (`?dt1=2026-11-01&dt2=2026-11-24&status=rejected&region=1&q=karimov&page=2`),
 * so reload and Back keep them; defaults are left out, unrelated parameters kept.
 */
export const parseAt39Search = (search: string): At39ListParams => readListSearch(search, parseAt39Params);

export function at39Search(p: At39ListParams, current = ''): string {
  const d = DEFAULT_AT39_PARAMS;
  return writeListSearch(
    [
      ['dt1', p.dt1, d.dt1],
      ['dt2', p.dt2, d.dt2],
      ['status', p.status, d.status],
      ['region', p.region === null ? '' : String(p.region), ''],
      ['q', p.q, d.q],
      ['page', String(p.page), '1'],
    ],
    current,
  );
}

/** The registration's `?id=` on `/at39-registration/new` (resume after a reload or from the list). */
export function registrationIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get('id');
  return id && /^\d{1,12}$/.test(id) ? id : null;
}

type RegionId = (typeof AT39_REGION_IDS)[number];

/** The i18n key of a region's name, or null for an id the reference data does not have. */
export function regionKey(id: number | null): `at39.regions.${RegionId}` | null {
  const found = AT39_REGION_IDS.find((r) => r === id);
  return found === undefined ? null : `at39.regions.${found}`;
}

const FORM_CODES = [
  'token',
  'authCode',
  'markedCode',
  'ban',
  'reservation',
  'documents',
  'nothingToFill',
] as const;

/** The i18n key of one of the chart's own form codes (`invalid.ban` …), or null for any other code. */
export function formCodeKey(code: string): `at39.invalid.${(typeof FORM_CODES)[number]}` | null {
  const found = FORM_CODES.find((c) => `invalid.${c}` === code);
  return found === undefined ? null : `at39.invalid.${found}`;
}
