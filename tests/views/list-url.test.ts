// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formTexts, readListSearch, writeListSearch } from '@/views/common/list-url';

describe('list parameters in the URL (AR15)', () => {
  it.each<[string, Parameters<typeof writeListSearch>[0], string, string]>([
    ['a default is left out', [['page', '1', '1']], '', ''],
    ['a value other than the default is written', [['page', '2', '1']], '', 'page=2'],
    ['unrelated parameters stay in their places', [['q', 'ab', '']], 'x=1&q=old&y=2', 'x=1&q=ab&y=2'],
    ['a parameter back at its default is removed', [['q', '', '']], 'q=old&x=1', 'x=1'],
    [
      'entries are written in order',
      [
        ['b', '2', ''],
        ['a', '1', ''],
      ],
      '',
      'b=2&a=1',
    ],
    ['values are encoded', [['q', 'a b&c', '']], '', 'q=a+b%26c'],
  ])('%s', (_, entries, current, expected) => {
    expect(writeListSearch(entries, current)).toBe(expected);
  });

  it('reads through the area parser, with or without "?"', () => {
    const parse = (get: (name: string) => string | null) => ({ q: get('q') ?? '', page: get('page') });
    expect(readListSearch('?q=a+b%26c&page=3', parse)).toEqual({ q: 'a b&c', page: '3' });
    expect(readListSearch('q=x', parse)).toEqual({ q: 'x', page: null });
  });
});

describe('a submitted filter form (AR20)', () => {
  it('reads each named field trimmed, and an absent one as empty text', () => {
    const form = document.createElement('form');
    form.innerHTML = '<input name="q" value="  90 12 "><input name="from" value="2026-01-01">';
    const text = formTexts(form);
    expect([text('q'), text('from'), text('missing')]).toEqual(['90 12', '2026-01-01', '']);
  });
});
