import { describe, expect, it } from 'vitest';
import {
  blockTargets,
  signingDocument,
  signingDocumentText,
  signingText,
  targetsKey,
} from '@/domain/signing-document.rules';
import { signingDocumentSchema } from '@/services/contract/signing.contract';

describe('signing document', () => {
  it.each([
    [
      { ban: '100234561', sn: '901234567' },
      { kind: 'number', ban: '100234561', sn: '901234567' },
      '901234567',
    ],
    [{ ban: '100234561', sn: null }, { kind: 'ban', ban: '100234561' }, null],
  ] as const)('names sn/ban of a block (%j)', (t, targets, sn) => {
    const doc = signingDocument('block', blockTargets(t), 'c1');
    expect(doc).toMatchObject({ targets, sn, ban: '100234561', challenge: 'c1', action: 'block' });
  });

  it('keeps several numbers sorted and unique, so the same list always reads the same', () => {
    const a = targetsKey({ kind: 'numbers', ban: '1', sns: ['902', '901', '902'] });
    const b = targetsKey({ kind: 'numbers', ban: '1', sns: ['901', '902'] });
    expect(a).toBe(b);
  });

  it('differs by action, so a block signature is not a restore signature', () => {
    const t = blockTargets({ ban: '100234561', sn: '901234567' });
    expect(signingDocumentText(signingDocument('block', t, 'c'))).not.toBe(
      signingDocumentText(signingDocument('restore', t, 'c')),
    );
    expect(signingText('block', t)).toMatch(/^Блокировка: номер 901234567.*\nBloklash: raqam 901234567/);
    expect(signingText('restore', { kind: 'ban', ban: '100234561' })).toMatch(/^Разблокировка: все номера/);
  });

  it('is read back by the contract schema, with and without a challenge', () => {
    for (const challenge of ['c2lnbmluZy1jaGFsbGVuZ2U', null]) {
      const text = signingDocumentText(
        signingDocument('restore', { kind: 'numbers', ban: '100234561', sns: ['901234567'] }, challenge),
      );
      expect(signingDocumentSchema.safeParse(JSON.parse(text)).success).toBe(true);
    }
    expect(signingDocumentSchema.safeParse({ sn: '901234567', ban: '100234561' }).success).toBe(false);
  });
});
