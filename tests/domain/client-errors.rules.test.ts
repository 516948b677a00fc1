import { describe, expect, it } from 'vitest';
import { REQUEST_ID_PATTERN, safeErrorMessage } from '@/domain/client-errors.rules';

describe('safeErrorMessage (docs/decisions.md OBS9)', () => {
  it('keeps the code-level words of a browser error', () => {
    expect(safeErrorMessage("TypeError: Cannot read properties of undefined (reading 'map')")).toBe(
      "TypeError: Cannot read properties of undefined (reading 'map')",
    );
  });

  it('drops the stack, queries, e-mail addresses, quoted input and digit runs', () => {
    const message = [
      'SyntaxError: Unexpected token, "Ivanov 901234567" is not valid JSON at https://b2b.example.uz/ru/orders/12?q=Ivanov#x',
      '    at parse (https://b2b.example.uz/static/js/index.1a2b3c4d.js:1:2345)',
    ].join('\n');
    const safe = safeErrorMessage(message);
    expect(safe).toBe(
      'SyntaxError: Unexpected token, "…" is not valid JSON at https://b2b.example.uz/ru/orders/12',
    );
    expect(safeErrorMessage('mail to ivan.petrov@mail.uz failed, code 123456')).toBe(
      'mail to [email] failed, code #',
    );
  });

  it('stays one short line', () => {
    expect(safeErrorMessage(`a\u0007b\u001bc${'x'.repeat(500)}`)).toHaveLength(200);
    // the decision's 200 characters, written out: 200 stay whole, 201 are cut to 199 and an ellipsis
    expect(safeErrorMessage('y'.repeat(200))).toBe('y'.repeat(200));
    expect(safeErrorMessage('y'.repeat(201))).toBe(`${'y'.repeat(199)}…`);
    expect(safeErrorMessage('a\u0007b')).toBe('a b');
  });
});

describe('REQUEST_ID_PATTERN (OBS4)', () => {
  it('takes UUIDs and trace ids, refuses anything else', () => {
    for (const id of ['9b2f0c1e-8d1f-4c53-9a55-1b0e8f0f6c11', '01HZX3KQ7E.edge-7:1_a', 'a'])
      expect(REQUEST_ID_PATTERN.test(id), id).toBe(true);
    for (const id of ['', 'x'.repeat(129), 'a b', 'a\nb', 'a"b', 'a\u0000b', 'ы'])
      expect(REQUEST_ID_PATTERN.test(id), JSON.stringify(id)).toBe(false);
  });
});
