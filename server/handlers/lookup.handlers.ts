import { snOfDigits } from '../../src/domain/search.rules';
import { isBan } from '../../src/domain/validators.rules';
import { ensure, type Handlers } from '../handler';

/** sn of a looked-up number, by the search box's own rule (spec 5 "89[01]…"): `9[01]…`, `8 9[01]…` or
 *  `998 9[01]…`; anything else is no number (E016). */
export const lookupSn = snOfDigits;

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
    ensure(isBan(ban), 'E016');
    const p = svc.profiles.banProfile(ban);
    ensure(p, 'E018');
    return p;
  },
};
