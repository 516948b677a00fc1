import { DEMO_PROSPECT_TINS } from '../eimzo/demo-keys';
import type { Db } from './database';
import { DEMO_COMPANIES } from './demo-accounts';

/**
 * Seed of the pre-registration: the simulated tax service's company data (spec 3 `mySoliqData`) for every
 * demo key's TIN — the demo clients and the three prospects of server/eimzo/demo-keys.ts (NC4).
 */

interface TaxCompany {
  readonly CompanyName: string;
  readonly CompanyInn: string;
  readonly Oked: string;
  readonly vatCode: string;
  readonly CompanyAddress: string;
  readonly bankName: string;
  readonly accountNumber: string;
  readonly bankMFO: string;
  readonly director: string;
  readonly taxPayerTypeName: string;
}

/** The three prospects: the wizard's demo companies (two register, one is refused). */
export const PROSPECT_TAX_DATA: readonly TaxCompany[] = [
  {
    CompanyName: 'Buxoro Yangi Texnologiyalar MChJ',
    CompanyInn: DEMO_PROSPECT_TINS.registers,
    Oked: '62010',
    vatCode: '326010045812',
    CompanyAddress: 'Buxoro sh., Mustaqillik koʻchasi, 14-uy',
    bankName: 'ATB "Hamkorbank" Buxoro filiali',
    accountNumber: '20208000905512345001',
    bankMFO: '00083',
    director: 'Rahimova Dilnoza',
    taxPayerTypeName: 'QQS toʻlovchi',
  },
  {
    CompanyName: 'Namangan Ipak Yoʻli XK',
    CompanyInn: DEMO_PROSPECT_TINS.refused,
    Oked: '13100',
    vatCode: '',
    CompanyAddress: 'Namangan sh., Navoiy koʻchasi, 3-uy',
    bankName: 'AT "Asakabank" Namangan filiali',
    accountNumber: '20208000100412345002',
    bankMFO: '00405',
    director: 'Ergashev Jasur',
    taxPayerTypeName: 'Aylanmadan olinadigan soliq toʻlovchi',
  },
  {
    CompanyName: 'Samarqand Meva Eksport MChJ',
    CompanyInn: DEMO_PROSPECT_TINS.registersToo,
    Oked: '46310',
    vatCode: '326010073506',
    CompanyAddress: 'Samarqand sh., Registon koʻchasi, 27-uy',
    bankName: 'ATB "Ipoteka-bank" Samarqand filiali',
    accountNumber: '20208000300712345003',
    bankMFO: '00873',
    director: 'Toshpulatov Sardor',
    taxPayerTypeName: 'QQS toʻlovchi',
  },
];

/** Fills `tax_companies` (idempotent). Called once from server/db/seed.ts. */
export function seedPreorders(db: Db): void {
  const insert = db.prepare('INSERT OR REPLACE INTO tax_companies (tin, data) VALUES (?, ?)');
  for (const c of PROSPECT_TAX_DATA) insert.run(c.CompanyInn, JSON.stringify(c));
  for (const c of DEMO_COMPANIES) {
    const data: TaxCompany = {
      CompanyName: c.name,
      CompanyInn: c.tin,
      Oked: '46900',
      vatCode: `3${c.tin}01`.slice(0, 12),
      CompanyAddress: 'Toshkent sh.',
      bankName: 'AT "Xalq banki"',
      accountNumber: `2020800010${c.tin.slice(0, 9)}0`.slice(0, 20),
      bankMFO: '00014',
      director: '',
      taxPayerTypeName: 'QQS toʻlovchi',
    };
    insert.run(c.tin, JSON.stringify(data));
  }
}
