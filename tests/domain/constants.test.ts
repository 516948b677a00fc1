import { describe, expect, it } from 'vitest';
import {
  BAN_TYPE_ACCOUNTS,
  CHUNK_TIMEOUT_MS,
  CONNECT_TYPES,
  DEFAULT_GROUP_COUNT,
  DEFAULT_LANG,
  DEFAULT_LOCALE,
  DEFAULT_MASK,
  DEFAULT_OPERATOR_CODE,
  DIRECT_BLOCK_ACCOUNT_TYPE,
  type DocumentKind,
  documentKind,
  EDIT_SEARCH_MIN,
  EIMZO_MIN_VERSION,
  EIMZO_NEW_API_VERSION,
  GOLDEN_FIRST_PAGE,
  GOLDEN_PAGE_SIZE,
  isLang,
  LANGS,
  LOGIN_CHECK_DEBOUNCE_MS,
  MAX_NUMBERS_PER_USER,
  NOTIFICATION_MS,
  NUMBER_TABS,
  type NumberTab,
  numberInTab,
  numberStatusKind,
  ORDER_TYPES,
  SEARCH_MAX_DIGITS,
  SEARCH_PAGE_SIZE,
  SUCCESS_STATUS,
  UNBILLED_ACCOUNT_TYPE,
  UPLOAD_STATUS,
} from '@/domain/constants';

describe('spec 9 constants', () => {
  it.each([
    ['SEARCH_PAGE_SIZE', SEARCH_PAGE_SIZE, 45],
    ['GOLDEN_PAGE_SIZE', GOLDEN_PAGE_SIZE, 16],
    ['GOLDEN_FIRST_PAGE', GOLDEN_FIRST_PAGE, 0],
    ['EDIT_SEARCH_MIN', EDIT_SEARCH_MIN, 3],
    ['SEARCH_MAX_DIGITS', SEARCH_MAX_DIGITS, 10],
    ['NOTIFICATION_MS', NOTIFICATION_MS, 4000],
    ['LOGIN_CHECK_DEBOUNCE_MS', LOGIN_CHECK_DEBOUNCE_MS, 500],
    ['CHUNK_TIMEOUT_MS', CHUNK_TIMEOUT_MS, 120_000],
    ['EIMZO_MIN_VERSION', EIMZO_MIN_VERSION, 440],
    ['EIMZO_NEW_API_VERSION', EIMZO_NEW_API_VERSION, 336],
    ['MAX_NUMBERS_PER_USER', MAX_NUMBERS_PER_USER, 5],
    ['DEFAULT_OPERATOR_CODE', DEFAULT_OPERATOR_CODE, '90'],
    ['DEFAULT_MASK', DEFAULT_MASK, '999-99-99'],
    ['DEFAULT_GROUP_COUNT', DEFAULT_GROUP_COUNT, 2],
    ['BAN_TYPE_ACCOUNTS', BAN_TYPE_ACCOUNTS, [5, 15, 40]],
    ['UNBILLED_ACCOUNT_TYPE', UNBILLED_ACCOUNT_TYPE, 16],
    ['DIRECT_BLOCK_ACCOUNT_TYPE', DIRECT_BLOCK_ACCOUNT_TYPE, 20],
    ['SUCCESS_STATUS', SUCCESS_STATUS, 'OKOK'],
    ['LANGS', LANGS, ['ru', 'uz']],
    ['DEFAULT_LANG', DEFAULT_LANG, 'ru'],
    ['DEFAULT_LOCALE', DEFAULT_LOCALE, 'ru-RU'],
    ['CONNECT_TYPES', CONNECT_TYPES, { self: 1, agent: 2, b2bSales: 3 }],
    ['UPLOAD_STATUS', UPLOAD_STATUS, { initial: 0, ok: 1, error: 2 }],
    ['ORDER_TYPES', ORDER_TYPES, ['random', 'byNumber', 'byGroup', 'byMask']],
    ['NUMBER_TABS', NUMBER_TABS, ['active', 'pending', 'blocked', 'all']],
  ] as [string, unknown, unknown][])('%s = %j', (_, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe('number status (spec 3): A and O active, S blocked, N terminated, T tentative', () => {
  it.each([
    ['A', 'active'],
    ['O', 'active'],
    ['S', 'blocked'],
    ['N', 'terminated'],
    ['T', 'tentative'],
    ['a', 'unknown'],
    ['', 'unknown'],
    ['X', 'unknown'],
    ['toString', 'unknown'],
  ])('%j → %s', (code, expected) => {
    expect(numberStatusKind(code)).toBe(expected);
  });
  it.each([
    ['active', 'A', true],
    ['active', 'O', true],
    ['active', 'S', false],
    ['blocked', 'S', true],
    ['blocked', 'A', false],
    ['pending', 'T', true],
    ['pending', 'A', false],
    ['all', 'N', true],
    ['all', 'X', true],
    ['active', 'N', false],
  ] as [NumberTab, string, boolean][])('tab %s lists %s: %s', (tab, code, expected) => {
    expect(numberInTab(tab, code)).toBe(expected);
  });
});

describe('document types (spec 3): 1 agreement, 4 supply, 5 number supply, 6 invoice, 7 suspend, 8 and 10-17 services, 9 proxy', () => {
  it.each([
    [1, 'agreement'],
    [4, 'supply'],
    [5, 'numberSupply'],
    [6, 'invoice'],
    [7, 'suspend'],
    [8, 'services'],
    [9, 'proxy'],
    [10, 'services'],
    [13, 'services'],
    [17, 'services'],
    [2, 'unknown'],
    [3, 'unknown'],
    [18, 'unknown'],
    [0, 'unknown'],
  ] as [number, DocumentKind][])('%i → %s', (type, expected) => {
    expect(documentKind(type)).toBe(expected);
  });
});

describe('isLang', () => {
  it.each([
    ['ru', true],
    ['uz', true],
    ['en', false],
    ['RU', false],
    ['', false],
  ])('%j → %s', (s, expected) => {
    expect(isLang(s)).toBe(expected);
  });
});
