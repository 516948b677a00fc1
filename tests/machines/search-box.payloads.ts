import type { AnyEventObject } from 'xstate';
import type { FoundSubscriber, SearchBoxEvent } from '@/machines/search-box.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { ModelTestEntry } from '../support/model-registry';
import { payloadsFor } from '../support/model-universe';

/**
 * Realistic events and actor results of the header search box (model paths, random walk, view walk, unit tests).
 * Inputs cover every branch of spec 5: a BAN (9 digits), a number (89 0 + 7 digits), 11 digits (MANYINVALID), a
 * user query and a too-short one (SHORT3).
 */
export const INPUTS = {
  ban: '100234561',
  /** 9 digits, so a BAN by spec 5, but the digits of a number without its 8: a failed lookup offers the number. */
  banLookalike: '901234567',
  sn: '8901234567',
  /** 89 then 2: ten digits, neither a number (89, then 0 or 1) nor a BAN (9 digits): MANYINVALID. */
  nearSn: '8921234567',
  /** 89 then 1: the other number prefix spec 5 allows. */
  sn891: '8911234567',
  international: '+998 90 123 45 67',
  elevenDigits: '12345678901',
  users: 'ova',
  /** The same query with spaces around: the user search is asked for it trimmed (spec 5). */
  usersSpaced: '  ova ',
  short: 'ab',
  /** Three characters only with its spaces: trimmed, one, so SHORT3 (spec 5 counts what is searched). */
  shortSpaced: '  a ',
} as const;

export const foundBan: FoundSubscriber = {
  target: { kind: 'ban', value: '100234561' },
  ban: '100234561',
  sn: null,
  name: 'Toshkent Savdo Invest MChJ',
};
export const foundSn: FoundSubscriber = {
  target: { kind: 'sn', value: '8901234567' },
  ban: '100457732',
  sn: '901234567',
  name: 'Fargʻona Tekstil AJ',
};

/** E018 'account not found' after search (spec 8). */
export const notFound = new ApiFailure({ kind: 'server', code: 'E018' });

const done = (output: unknown): AnyEventObject => ({ type: 'xstate.done.actor.lookup', output });

export const searchBoxPayloads = payloadsFor<SearchBoxEvent>({
  'input.change': Object.values(INPUTS).map((value) => ({ type: 'input.change', value })),
  'mode.select': [
    { type: 'mode.select', mode: 'choose' },
    { type: 'mode.select', mode: 'editing' },
  ],
  'xstate.done.actor.lookup': [done(foundBan)],
  'xstate.error.actor.lookup': [{ type: 'xstate.error.actor.lookup', error: notFound }],
});

export const searchBoxModelEntry: ModelTestEntry = {
  id: 'searchBox',
  payloads: searchBoxPayloads,
  // a failed lookup of a BAN that reads as a number offers the number: one input among eleven, then three steps
  walkSteps: 4000,
};
