/**
 * Demo signature keys of the E-IMZO simulator, in the module's alias format (protocol doc "Reading a certificate
 * out of its alias"). The TINs are those of server/db/demo-accounts.ts (tests/eimzo checks the alignment), plus one
 * expired key and one key whose TIN belongs to no company. Passwords are demo values printed by `npm run eimzo`.
 */

/** One key file the simulated module lists and signs with. */
export interface DemoKey {
  /** certificate serial number, lower-case hex, first digit below 8 (a positive DER INTEGER) */
  serialNumber: string;
  /** holder's full name, "surname name" */
  cn: string;
  name: string;
  surname: string;
  /** organisation; absent for an individual */
  o?: string;
  /** holder's personal tax id */
  uid?: string;
  /** holder's personal number (OID 1.2.860.3.16.1.2) */
  pinfl?: string;
  /** title (position) */
  title?: string;
  /** the legal entity's TIN (OID 1.2.860.3.16.1.1); absent → the key signs for its UID */
  inn?: string;
  /** `yyyy.MM.dd HH:mm:ss`, local time (as the alias) */
  validFrom: string;
  validTo: string;
  /** the key's password, asked when signing */
  password: string;
  /** where the module says the file is */
  disk: string;
  path: string;
  file: string;
  /** what the key is for in the demo (printed by the script) */
  note: string;
}

/** Companies of server/db/demo-accounts.ts that sign with these keys (their type is not 20). */
export const DEMO_COMPANY_TINS = [
  '302145876',
  '303318250',
  '207745129',
  '201873345',
  '304409963',
  '305512094',
] as const;

/** A TIN that no demo company has. */
export const DEMO_UNKNOWN_TIN = '309999999';

/**
 * Companies that are not clients yet (README): the registration wizard's demo. The first TIN starts with 3
 * and registers; the second starts with 4 and is refused with E026.
 */
export const DEMO_PROSPECT_TINS = {
  registers: '306120457',
  refused: '406230118',
  /** a second company that registers: the Uzbek browser run's own, once the Russian run registered the first */
  registersToo: '307350622',
} as const;

const DISK = 'C:';
const DIR = 'DSKEYS';

/**
 * The demo keys, in the order the module lists them. The expired key of 302145876 comes first so a client that
 * forgets to skip expired keys picks it and the backend rejects its signature.
 */
export const DEMO_KEYS: readonly DemoKey[] = [
  {
    serialNumber: '7a3c0001',
    cn: 'abdullayeva malika',
    name: 'malika',
    surname: 'abdullayeva',
    o: 'toshkent savdo invest mchj',
    uid: '512300101',
    pinfl: '42103880010011',
    title: 'direktor',
    inn: '302145876',
    validFrom: '2022.03.01 09:00:00',
    validTo: '2024.03.01 23:59:59',
    password: '0000',
    disk: DISK,
    path: DIR,
    file: 'DS3021458760001',
    note: 'expired key of Toshkent Savdo Invest (302145876): skipped by the key choice',
  },
  {
    serialNumber: '7a3c0002',
    cn: 'abdullayeva malika',
    name: 'malika',
    surname: 'abdullayeva',
    o: 'toshkent savdo invest mchj',
    uid: '512300101',
    pinfl: '42103880010011',
    title: 'direktor',
    inn: '302145876',
    validFrom: '2025.01.15 09:00:00',
    validTo: '2035.01.15 23:59:59',
    password: '1111',
    disk: DISK,
    path: DIR,
    file: 'DS3021458760002',
    note: 'Toshkent Savdo Invest (302145876), BAN 100234561',
  },
  {
    serialNumber: '7a3c0003',
    cn: 'mirzayev anvar',
    name: 'anvar',
    surname: 'mirzayev',
    o: 'navoiy kon texnika mchj',
    uid: '512300202',
    pinfl: '31203850020022',
    title: 'direktor',
    inn: '303318250',
    validFrom: '2025.02.01 10:00:00',
    validTo: '2035.02.01 23:59:59',
    password: '2222',
    disk: DISK,
    path: DIR,
    file: 'DS3033182500003',
    note: 'Navoiy Kon Texnika (303318250), BAN 100672418, login keyowner',
  },
  {
    serialNumber: '7a3c0004',
    cn: 'qodirova nilufar',
    name: 'nilufar',
    surname: 'qodirova',
    o: 'andijon avto logistika mchj',
    uid: '512300303',
    pinfl: '42507900030033',
    title: 'bosh hisobchi',
    inn: '207745129',
    validFrom: '2025.03.10 08:30:00',
    validTo: '2035.03.10 23:59:59',
    password: '3333',
    disk: DISK,
    path: DIR,
    file: 'DS2077451290004',
    note: 'Andijon Avto Logistika (207745129), BAN 100783350, login keyowner-nobuy',
  },
  {
    serialNumber: '7a3c0005',
    cn: 'xolmatov otabek',
    name: 'otabek',
    surname: 'xolmatov',
    o: 'fargona tekstil aj',
    uid: '512300404',
    pinfl: '30811870040044',
    title: 'rais',
    inn: '201873345',
    validFrom: '2025.04.01 09:00:00',
    validTo: '2035.04.01 23:59:59',
    password: '4444',
    disk: DISK,
    path: DIR,
    file: 'DS2018733450005',
    note: 'Fargʻona Tekstil (201873345), BAN 100457732',
  },
  {
    serialNumber: '7a3c0006',
    cn: 'tursunov akmal',
    name: 'akmal',
    surname: 'tursunov',
    o: 'xorazm oziq-ovqat sanoati mchj',
    uid: '512300505',
    pinfl: '31509910050055',
    title: 'direktor',
    inn: '304409963',
    validFrom: '2025.05.20 09:00:00',
    validTo: '2035.05.20 23:59:59',
    password: '5555',
    disk: DISK,
    path: DIR,
    file: 'DS3044099630006',
    note: 'Xorazm Oziq-Ovqat Sanoati (304409963), BAN 100894127',
  },
  {
    serialNumber: '7a3c0007',
    cn: 'yusupov sardor',
    name: 'sardor',
    surname: 'yusupov',
    o: 'samarqand qurilish servis mchj',
    uid: '512300606',
    pinfl: '30202860060066',
    title: 'direktor',
    inn: '305512094',
    validFrom: '2025.06.01 09:00:00',
    validTo: '2035.06.01 23:59:59',
    password: '6666',
    disk: DISK,
    path: DIR,
    file: 'DS3055120940007',
    note: 'Samarqand Qurilish Servis (305512094), BAN 100388204',
  },
  {
    serialNumber: '7a3c0008',
    cn: 'karimov bobur',
    name: 'bobur',
    surname: 'karimov',
    uid: DEMO_UNKNOWN_TIN,
    pinfl: '30101900080088',
    validFrom: '2025.01.01 00:00:00',
    validTo: '2035.01.01 23:59:59',
    password: '9999',
    disk: DISK,
    path: DIR,
    file: 'DS3099999990008',
    note: `individual without INN: TIN from UID ${DEMO_UNKNOWN_TIN}, matches no company`,
  },
  {
    serialNumber: '7a3c0009',
    cn: 'rahimova dilnoza',
    name: 'dilnoza',
    surname: 'rahimova',
    o: 'buxoro yangi texnologiyalar mchj',
    uid: '512300909',
    pinfl: '42004920090099',
    title: 'direktor',
    inn: DEMO_PROSPECT_TINS.registers,
    validFrom: '2025.07.01 09:00:00',
    validTo: '2035.07.01 23:59:59',
    password: '7777',
    disk: DISK,
    path: DIR,
    file: 'DS3061204570009',
    note: `Buxoro Yangi Texnologiyalar (${DEMO_PROSPECT_TINS.registers}): not a client yet, registers on /new-client`,
  },
  {
    serialNumber: '7a3c000a',
    cn: 'ergashev jasur',
    name: 'jasur',
    surname: 'ergashev',
    o: 'namangan ipak yoli xk',
    uid: '512301010',
    pinfl: '30305930100100',
    title: 'rais',
    inn: DEMO_PROSPECT_TINS.refused,
    validFrom: '2025.07.01 09:00:00',
    validTo: '2035.07.01 23:59:59',
    password: '8888',
    disk: DISK,
    path: DIR,
    file: 'DS4062301180010',
    note: `Namangan Ipak Yoʻli (${DEMO_PROSPECT_TINS.refused}): TIN starts with 4, the wizard says E026`,
  },
  {
    serialNumber: '7a3c000b',
    cn: 'toshpulatov sardor',
    name: 'sardor',
    surname: 'toshpulatov',
    o: 'samarqand meva eksport mchj',
    uid: '512301111',
    pinfl: '31107940110111',
    title: 'direktor',
    inn: DEMO_PROSPECT_TINS.registersToo,
    validFrom: '2025.07.01 09:00:00',
    validTo: '2035.07.01 23:59:59',
    password: '7777',
    disk: DISK,
    path: DIR,
    file: 'DS3073506220011',
    note: `Samarqand Meva Eksport (${DEMO_PROSPECT_TINS.registersToo}): not a client yet, a second company that registers on /new-client`,
  },
];

/** The TIN a key signs for: INN when present, else UID (the same rule the portal's alias parser applies). */
export function demoKeyTin(key: DemoKey): string | undefined {
  return key.inn ?? key.uid;
}

/**
 * The alias the module lists for a key: lower-case `name=value` pairs in the module's order; absent fields are left
 * out, as real aliases do.
 */
export function buildAlias(key: DemoKey): string {
  const parts: [string, string | undefined][] = [
    ['cn', key.cn],
    ['name', key.name],
    ['surname', key.surname],
    ['c', 'uz'],
    ['o', key.o],
    ['uid', key.uid],
    ['1.2.860.3.16.1.2', key.pinfl],
    ['t', key.title],
    ['1.2.860.3.16.1.1', key.inn],
    ['serialnumber', key.serialNumber],
    ['validfrom', key.validFrom],
    ['validto', key.validTo],
  ];
  return parts
    .filter((p): p is [string, string] => p[1] !== undefined)
    .map(([n, v]) => `${n}=${v}`)
    .join(',')
    .toLowerCase();
}

/** Reads an alias date `yyyy.MM.dd HH:mm:ss` as local time (the certificate validity matches the alias). */
export function aliasDate(text: string): Date {
  const m = /^(\d{4})\.(\d{2})\.(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) throw new Error(`bad alias date: ${text}`);
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi, s);
}
