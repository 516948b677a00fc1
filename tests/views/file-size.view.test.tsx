// @vitest-environment jsdom
/**
 * A file's size reads the same wherever it is shown (the upload's chosen file, a download's progress), in the shown
 * language: the expected texts are written out here, not computed with the `Intl` call the hook makes.
 */
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '@/i18n/i18n';
import { useFileSize } from '@/views/common/file-size';

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
);
const NBSP = '\u00A0';

const CASES: ReadonlyArray<[bytes: number, ru: string, uz: string]> = [
  [0, '1 КБ', '1 KB'],
  [300, '1 КБ', '1 KB'],
  [1536, '2 КБ', '2 KB'],
  [820 * 1024, '820 КБ', '820 KB'],
  [1023 * 1024, `1${NBSP}023 КБ`, `1${NBSP}023 KB`],
  [1024 * 1024, '1 МБ', '1 MB'],
  [1.5 * 1024 * 1024, '1,5 МБ', '1,5 MB'],
  [4.96 * 1024 * 1024, '5 МБ', '5 MB'],
];

afterAll(async () => {
  await setLanguage('ru');
});

describe('useFileSize', () => {
  it.each(['ru', 'uz'] as const)('reads sizes in %s', async (lang) => {
    await act(() => setLanguage(lang));
    const { result } = renderHook(() => useFileSize(), { wrapper });
    for (const [bytes, ru, uz] of CASES)
      expect([bytes, result.current(bytes)]).toEqual([bytes, lang === 'ru' ? ru : uz]);
  });

  it('follows a change of language without being mounted again', async () => {
    await act(() => setLanguage('ru'));
    const { result } = renderHook(() => useFileSize(), { wrapper });
    expect(result.current(1.5 * 1024 * 1024)).toBe('1,5 МБ');
    await act(() => setLanguage('uz'));
    expect(result.current(1.5 * 1024 * 1024)).toBe('1,5 MB');
  });
});
