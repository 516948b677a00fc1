import { afterAll, describe, expect, it } from 'vitest';
import {
  type EimzoKeyInfo,
  isExpired,
  parseAlias,
  parseAliasDate,
  pickKeyForTin,
} from '@/services/eimzo/eimzo-alias';
import { buildAlias, DEMO_KEYS, demoKeyTin } from '../../server/eimzo/demo-keys';

// Local time must be read as local: run in a zone away from UTC so a UTC reading would show (Node re-reads TZ when
// it is assigned). The worker runs other test files after this one: the zone it had is given back.
const savedTz = process.env.TZ;
process.env.TZ = 'Asia/Tashkent';
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

const DOC_ALIAS =
  'cn=testov test,name=test,surname=testov,c=uz,o=test mchj,uid=500000001,1.2.860.3.16.1.2=30101900000001,t=direktor,1.2.860.3.16.1.1=300000001,serialnumber=77ebb2ed,validfrom=2024.01.01 10:00:00,validto=2026.01.01 23:59:59';

describe('parseAlias', () => {
  it('reads the protocol document example', () => {
    const key = parseAlias(DOC_ALIAS);
    expect(key).toEqual({
      serialNumber: '77EBB2ED',
      validFrom: new Date(2024, 0, 1, 10, 0, 0),
      validTo: new Date(2026, 0, 1, 23, 59, 59),
      CN: 'TESTOV TEST',
      O: 'TEST MCHJ',
      T: 'DIREKTOR',
      UID: '500000001',
      PINFL: '30101900000001',
      INN: '300000001',
      TIN: '300000001',
    });
  });

  it('reads the dates as local time (Tashkent is UTC+5)', () => {
    const key = parseAlias(DOC_ALIAS);
    expect(key.validFrom?.toISOString()).toBe('2024-01-01T05:00:00.000Z');
    expect(key.validTo?.toISOString()).toBe('2026-01-01T18:59:59.000Z');
  });

  it('reads upper-case aliases the same as lower-case ones', () => {
    expect(parseAlias(DOC_ALIAS.toUpperCase())).toEqual(parseAlias(DOC_ALIAS));
  });

  it('takes the TIN from UID when the INN is absent', () => {
    const key = parseAlias(
      'cn=karimov bobur,name=bobur,surname=karimov,c=uz,uid=412345678,serialnumber=1a2b,validfrom=2025.01.01 00:00:00,validto=2027.01.01 00:00:00',
    );
    expect(key.TIN).toBe('412345678');
    expect(key.INN).toBeUndefined();
    expect(key.UID).toBe('412345678');
    expect(key.O).toBeUndefined();
    expect(key.T).toBeUndefined();
    expect(key.PINFL).toBeUndefined();
  });

  it('tolerates an alias with almost nothing in it', () => {
    const key = parseAlias('cn=only name');
    expect(key.CN).toBe('ONLY NAME');
    expect(key.TIN).toBeUndefined();
    expect(key.serialNumber).toBeUndefined();
    expect(key.validFrom).toBeUndefined();
    expect(key.validTo).toBeUndefined();
    expect(parseAlias('')).toMatchObject({ CN: undefined, TIN: undefined });
  });

  it('splits only before letters-only names, so a value may hold commas', () => {
    const key = parseAlias('cn=a,o=ooo "romashka, plus",uid=123,1.2.860.3.16.1.1=300000009');
    expect(key.O).toBe('OOO "ROMASHKA, PLUS"');
    expect(key.TIN).toBe('300000009');
  });

  it('renames only the first INN and PINFL OIDs', () => {
    const key = parseAlias('cn=a,1.2.860.3.16.1.1=300000001,x=1,1.2.860.3.16.1.1=399999999');
    expect(key.TIN).toBe('300000001');
  });

  it('leaves unreadable dates undefined', () => {
    expect(parseAliasDate('2024-01-01 10:00:00')).toBeUndefined();
    expect(parseAliasDate('2024.13.01 10:00:00')).toBeUndefined();
    expect(parseAliasDate('2024.02.30 10:00:00')).toBeUndefined();
    expect(parseAliasDate('2024.02.29 10:00:00')).toEqual(new Date(2024, 1, 29, 10, 0, 0));
  });

  it('reads every simulator alias back to the key it was built from', () => {
    for (const k of DEMO_KEYS) {
      const key = parseAlias(buildAlias(k));
      expect(key.TIN).toBe(demoKeyTin(k));
      expect(key.serialNumber).toBe(k.serialNumber.toUpperCase());
      expect(key.CN).toBe(k.cn.toUpperCase());
    }
  });
});

function info(tin: string | undefined, validTo: Date | undefined, serial: string): EimzoKeyInfo {
  return {
    serialNumber: serial,
    validFrom: undefined,
    validTo,
    CN: undefined,
    O: undefined,
    T: undefined,
    UID: undefined,
    PINFL: undefined,
    INN: tin,
    TIN: tin,
  };
}

describe('isExpired and pickKeyForTin', () => {
  const now = new Date(2026, 10, 22, 12, 0, 0);
  const expired = info('300000001', new Date(2024, 0, 1), 'A');
  const valid = info('300000001', new Date(2030, 0, 1), 'B');
  const other = info('300000002', new Date(2030, 0, 1), 'C');

  it('counts a key as expired only when validTo is before now', () => {
    expect(isExpired(expired, now)).toBe(true);
    expect(isExpired(valid, now)).toBe(false);
    expect(isExpired(info('1', now, 'X'), now)).toBe(false);
    expect(isExpired(info('1', new Date(now.getTime() - 1), 'X'), now)).toBe(true);
    expect(isExpired(info('1', undefined, 'X'), now)).toBe(false);
  });

  it('skips expired keys and takes the first valid match', () => {
    const pick = pickKeyForTin(
      [expired, other, valid, info('300000001', new Date(2031, 0, 1), 'D')],
      '300000001',
      now,
    );
    expect(pick).toEqual({ ok: true, key: valid });
  });

  it('says noCertificates for an empty list', () => {
    expect(pickKeyForTin([], '300000001', now)).toEqual({ ok: false, reason: 'noCertificates' });
  });

  it('says noMatchingKey when nothing matches or every match is expired', () => {
    expect(pickKeyForTin([other], '300000001', now)).toEqual({ ok: false, reason: 'noMatchingKey' });
    expect(pickKeyForTin([expired, other], '300000001', now)).toEqual({ ok: false, reason: 'noMatchingKey' });
  });

  it('picks the demo key of 302145876 over its expired twin listed first', () => {
    const keys = DEMO_KEYS.map((k) => parseAlias(buildAlias(k)));
    const pick = pickKeyForTin(keys, '302145876', now);
    expect(pick.ok && pick.key.serialNumber).toBe('7A3C0002');
    expect(keys[0]?.TIN).toBe('302145876');
  });
});
