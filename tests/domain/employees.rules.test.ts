import { describe, expect, it } from 'vitest';
import {
  clampEmployeesPage,
  employeesQueryProblem,
  employeesSearch,
  parseEmployeesParams,
  searchFold,
} from '@/domain/employees.rules';
import type { ProfileFacts, UserFacts } from '@/domain/roles.rules';
import { EMPLOYEE_LIST_PATH, mayOpenEmployeeList, routeAccess } from '@/domain/routes.rules';

const company: ProfileFacts = { at: 5, canBuyNumber: true, hasEmployeeData: true, budget: null };
const facts = (role: string, profile: ProfileFacts | null, extra: Partial<UserFacts> = {}): UserFacts => ({
  roles: [role],
  forceChangePassword: false,
  profile,
  banSelected: false,
  ...extra,
});

describe('employee list rules (EM2, EM3)', () => {
  it.each([
    ['', null],
    ['Alimova', null],
    ['Oʻktam', null],
    ['Алиев', null],
    ['+998 (90) 123-45', null],
    ["O'ktam", null],
    ['a'.repeat(50), null],
    ['a'.repeat(51), 'tooLong'],
    ['Ali%', 'badChars'],
    ['<b>', 'badChars'],
    ['a_b', 'badChars'],
  ])('query %j → %s', (q, problem) => expect(employeesQueryProblem(q)).toBe(problem));

  it.each([
    ['', { kind: 'none', value: '' }],
    ['  Ali   Vali ', { kind: 'name', value: 'Ali Vali' }],
    ['90 123', { kind: 'digits', value: '90123' }],
    ['+998 90 123', { kind: 'digits', value: '90123' }],
    ['998', { kind: 'digits', value: '998' }],
  ])('search %j → %j', (q, search) => expect(employeesSearch(q)).toEqual(search));

  it('reads the URL: page a positive integer or 1', () => {
    const get = (s: string) => (n: string) => new URLSearchParams(s).get(n);
    expect(parseEmployeesParams(get('q=Ali&page=3'))).toEqual({ q: 'Ali', page: 3 });
    expect(parseEmployeesParams(get('page=0'))).toEqual({ q: '', page: 1 });
    expect(parseEmployeesParams(get('page=x'))).toEqual({ q: '', page: 1 });
    expect(clampEmployeesPage(9, 3)).toBe(3);
    expect(clampEmployeesPage(0, 3)).toBe(1);
    expect(clampEmployeesPage(4, 0)).toBe(1);
  });

  it.each([
    ['a curator of a company with employees', facts('R004', company), true],
    [
      'a curator of a company without employees',
      facts('R004', { ...company, hasEmployeeData: false }),
      false,
    ],
    ['a subscriber (a number)', facts('R001', { ...company, hasEmployeeData: false }), false],
    ['staff without a profile', facts('R008', null), false],
    ['a curator who must change the password', facts('R004', company, { forceChangePassword: true }), false],
  ])('%s: opens %s', (_, f, open) => {
    expect(mayOpenEmployeeList(f)).toBe(open);
    expect(routeAccess(EMPLOYEE_LIST_PATH, f)).toBe(open ? 'allow' : 'landing');
    expect(routeAccess(`${EMPLOYEE_LIST_PATH}?q=Ali&page=2`, f)).toBe(open ? 'allow' : 'landing');
  });
});

describe('searchFold: the one rule a name search compares by', () => {
  it.each([
    ['ЖУРАЕВ', 'жураев'],
    ['Oʻtkir', "o'tkir"],
    ['G’ofur', "g'ofur"],
    ['Gʼofur', "g'ofur"],
    ['Ҳилола Ёқубова', 'ҳилола ёқубова'],
    // a decomposed й (и + combining breve) is the composed one
    ['\u0438\u0306', '\u0439'],
  ])('%s → %s', (typed, folded) => {
    expect(searchFold(typed)).toBe(folded);
  });
});
