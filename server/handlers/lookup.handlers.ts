import { ensure, type Handlers } from '../handler';

/** sn of a looked-up number: 9 digits, or the 10-digit `8 9X…` form the search box accepts (spec 5 "89[01]…"), or
 *  `998 9X…`. */
export function lookupSn(digits: string): string | undefined {
  if (/^9\d{8}$/.test(digits)) return digits;
  if (/^89\d{8}$/.test(digits)) return digits.slice(1);
  if (/^9989\d{8}$/.test(digits)) return digits.slice(3);
  return undefined;
}

/** Subscriber lookup of the 'choose' search box (spec 7 client/sn/{n}, client/ban/{n}); search flag required. */
export const lookupHandlers: Handlers = {
  'lookup.sn': ({ input, svc }) => {
    const sn = lookupSn(input.params.n);
    ensure(sn, 'E016');
    const p = svc.profiles.snProfile(sn);
    ensure(p, 'E018');
    return p;
  },
  // an unknown BAN is E018 like an unknown number: spec 8 "E018 account not found (shown after search)"
  'lookup.ban': ({ input, svc }) => {
    const ban = input.params.n;
    ensure(/^\d{9}$/.test(ban), 'E016');
    const p = svc.profiles.banProfile(ban);
    ensure(p, 'E018');
    return p;
  },
};
