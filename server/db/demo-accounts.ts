/**
 * The demo accounts seeded into a fresh database, and the companies they belong to. README and `npm start` print
 * this same table, so what a person reads is what the database holds. All accounts share DEMO_PASSWORD.
 */
export const DEMO_PASSWORD = 'Demo-2026';

/** A company (BAN) the demo accounts refer to. `numbers` is how many lines the seed gives it. */
export interface DemoCompany {
  key: string;
  ban: string;
  name: string;
  tin: string;
  at: number;
  canBuyNumber: boolean;
  regionId: number;
  numbers: number;
  balance: number;
  budget: number | null;
  unbilled: number | null;
  /** blocking its numbers is free (spec 3 `privileged`) */
  lockPrivileged?: boolean;
  /** a LOP account (spec 3 `lopBan`) */
  lopBan?: boolean;
}

/** Monthly prices of a paid lock in sums (spec 4: the price comes from the server): one number, a whole account. */
export const DEMO_LOCK_PRICES = { number: 9_900, account: 49_500.5 } as const;

export const DEMO_COMPANIES = [
  {
    key: 'main',
    ban: '100234561',
    name: 'Toshkent Savdo Invest MChJ',
    tin: '302145876',
    at: 5,
    canBuyNumber: true,
    regionId: 1,
    numbers: 12_000,
    balance: 48_250_000,
    budget: 15_000_000,
    unbilled: null,
  },
  {
    key: 'samarqand',
    ban: '100388204',
    name: 'Samarqand Qurilish Servis MChJ',
    tin: '305512094',
    at: 16,
    canBuyNumber: false,
    regionId: 12,
    numbers: 80,
    balance: -1_250_000,
    budget: null,
    unbilled: 3_420_500,
  },
  {
    key: 'fargona',
    ban: '100457732',
    name: 'Fargʻona Tekstil AJ',
    tin: '201873345',
    at: 15,
    canBuyNumber: false,
    regionId: 5,
    numbers: 150,
    balance: 7_830_000,
    budget: 2_400_000,
    unbilled: null,
  },
  {
    key: 'buxoro',
    ban: '100561093',
    name: 'Buxoro Agro Eksport XK',
    tin: '306620417',
    at: 20,
    canBuyNumber: false,
    regionId: 4,
    numbers: 24,
    balance: 615_000,
    budget: null,
    unbilled: null,
  },
  {
    key: 'navoiy',
    ban: '100672418',
    name: 'Navoiy Kon Texnika MChJ',
    tin: '303318250',
    at: 5,
    canBuyNumber: true,
    regionId: 9,
    numbers: 300,
    balance: 12_900_000,
    budget: 4_000_000,
    unbilled: null,
    lockPrivileged: true,
  },
  {
    key: 'andijon',
    ban: '100783350',
    name: 'Andijon Avto Logistika MChJ',
    tin: '207745129',
    at: 40,
    canBuyNumber: false,
    regionId: 3,
    numbers: 120,
    balance: 3_145_500,
    budget: 1_000_000,
    unbilled: null,
  },
  {
    key: 'xorazm',
    ban: '100894127',
    name: 'Xorazm Oziq-Ovqat Sanoati MChJ',
    tin: '304409963',
    at: 40,
    canBuyNumber: false,
    regionId: 7,
    numbers: 40,
    balance: 980_000,
    budget: 500_000,
    unbilled: null,
    lopBan: true,
  },
] as const satisfies readonly DemoCompany[] as readonly DemoCompany[];

export type DemoCompanyKey = (typeof DEMO_COMPANIES)[number]['key'];

export interface DemoAccount {
  login: string;
  roles: readonly string[];
  fullName: string;
  /** the client's company; staff have none */
  company?: DemoCompanyKey;
  /** a subscriber's own number (9 digits) in `company` */
  sn?: string;
  /** the mobile budget of that number */
  snBudget?: number;
  forceChangePassword?: boolean;
  /** staff account that must use the corporate single sign-on (the login form answers E132) */
  ssoOnly?: boolean;
  regionIds?: readonly number[];
  /** one line for README / start: what the profile is */
  profile: string;
  /** one line for README / start: what to try with it */
  tryThis: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    login: 'admin',
    roles: ['R000'],
    fullName: 'Rustamov Jasur',
    profile: 'staff, no profile',
    tryThis: 'search users, create/edit/block, impersonate BAN 100234561 and go back',
  },
  {
    login: 'helpdesk',
    roles: ['R002'],
    fullName: 'Karimova Dilnoza',
    profile: 'staff, no profile',
    tryThis:
      'lands on user editing: finds and edits users, creates staff accounts below the administrators (R000/R030 only by admin); no search box',
  },
  {
    login: 'callcenter',
    roles: ['R003'],
    fullName: 'Toshmatov Bekzod',
    profile: 'staff, no profile',
    tryThis: 'find a subscriber: type 8 90 123 45 67 (sn 901234567) or BAN 100457732 in the search box',
  },
  {
    login: 'curator',
    roles: ['R004'],
    fullName: 'Abdullayeva Malika',
    company: 'main',
    profile: 'BAN 100234561, type 5, can buy numbers, 12 000 numbers',
    tryThis:
      "profile, number lists by status, employee list (/ru/profile/employees), the company's activity log (/ru/profile/activity), planned blocks and restores (/ru/profile/plans), golden-number purchase, new-number order (/ru/purchase/order)",
  },
  {
    login: 'curator16',
    roles: ['R004'],
    fullName: 'Yusupov Sardor',
    company: 'samarqand',
    profile: 'BAN 100388204, type 16, unbilled amount',
    tryThis:
      'balance widget with the unbilled amount, no block toggle; Services: connect NET 20 GB for employees, disconnect, roaming',
  },
  {
    login: 'subscriber',
    roles: ['R001'],
    fullName: 'Xolmatov Otabek',
    company: 'fargona',
    sn: '901234567',
    snBudget: 150_000,
    profile: 'number 901234567 of BAN 100457732 (type 15) with a mobile budget',
    tryThis: 'own number profile and budget widget',
  },
  {
    login: 'subscriber20',
    roles: ['R001'],
    fullName: 'Nazarova Gulnora',
    company: 'buxoro',
    sn: '911002030',
    profile: 'number 911002030 of BAN 100561093 (type 20)',
    tryThis: 'block/restore without an e-signature',
  },
  {
    login: 'seller',
    roles: ['R005'],
    fullName: 'Ergashev Sherzod',
    profile: 'staff, no profile',
    tryThis: 'search subscribers and users, contract registration',
  },
  {
    login: 'keyowner',
    roles: ['R007'],
    fullName: 'Mirzayev Anvar',
    company: 'navoiy',
    profile: 'BAN 100672418, type 5, can buy numbers',
    tryThis:
      "lands on Documents; signing with the E-IMZO simulator; Settings → the company accounts' recovery contacts (key 2222)",
  },
  {
    login: 'keyowner-nobuy',
    roles: ['R007'],
    fullName: 'Qodirova Nilufar',
    company: 'andijon',
    profile: 'BAN 100783350, type 40, cannot buy numbers',
    tryThis: 'lands on Profile; no number purchase',
  },
  {
    login: 'operator',
    roles: ['R008'],
    fullName: 'Sobirov Ulugʻbek',
    profile: 'staff, no profile',
    tryThis:
      'lands on Orders (move an order along its status through `orders/{id}/status`; cancelling a paid one refunds it and frees its numbers, PRM1); pre-orders at /ru/orders/preorders; create subscribers',
  },
  {
    login: 'servicedesk',
    roles: ['R009'],
    fullName: 'Raximova Shahnoza',
    profile: 'staff, no profile',
    tryThis: 'lands on Orders; AT 39 registration (workplace token WP-SD-TASHKENT-01)',
  },
  {
    login: 'okk',
    roles: ['R010'],
    fullName: 'Hasanov Doniyor',
    profile: 'staff, no profile',
    tryThis: 'lands on Debt control (notice)',
  },
  {
    login: 'regional',
    roles: ['R011'],
    fullName: 'Ismoilov Farhod',
    regionIds: [12, 13],
    profile: 'staff, regions Samarqand and Sirdaryo',
    tryThis: 'search and edit users, contract registration',
  },
  {
    login: 'multirole',
    roles: ['R008', 'R005'],
    fullName: 'Aliyeva Kamola',
    profile: 'staff with roles R008 then R005',
    tryThis: 'must choose a role after login',
  },
  {
    login: 'newcurator',
    roles: ['R004'],
    fullName: 'Tursunov Akmal',
    company: 'xorazm',
    forceChangePassword: true,
    profile: 'BAN 100894127, type 40, must change password',
    tryThis: 'lands on Settings; only Settings is shown until the password is changed',
  },
  {
    login: 'staff-sso',
    roles: ['R002'],
    fullName: 'Umarov Javlon',
    ssoOnly: true,
    profile: 'staff, single sign-on only',
    tryThis:
      "'Войти как сотрудник' on the login page → the simulated corporate sign-on on the demo port → choose staff-sso; the password form answers E132",
  },
];

/** The demo table as aligned text lines (start.ts prints it; README copies it). */
export function demoAccountLines(): string[] {
  const w = Math.max(...DEMO_ACCOUNTS.map((a) => a.login.length));
  const rw = Math.max(...DEMO_ACCOUNTS.map((a) => a.roles.join('+').length));
  return DEMO_ACCOUNTS.map(
    (a) => `  ${a.login.padEnd(w)}  ${a.roles.join('+').padEnd(rw)}  ${a.profile} — ${a.tryThis}`,
  );
}
