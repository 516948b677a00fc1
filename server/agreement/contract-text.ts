import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AgreementForm, contactsWithAccess, normalPassport } from '../../src/domain/agreement.rules';
import { documentDate } from '../../src/domain/debt.rules';
import { GOLDEN_CATEGORIES } from '../../src/domain/golden-categories.rules';
import { formatSum } from '../../src/domain/money.rules';
import { formatPhone } from '../../src/domain/phone.rules';
import { serverPath } from '../paths';
import type { PdfBlock } from '../pdf/pdf';

/**
 * The contract texts (docs/decisions.md CR4): the agreement and the additional agreement for contact-person access,
 * kept as templates in Russian and Uzbek in server/agreement/templates and filled from the registered form.
 *
 * Template format: blocks separated by a blank line; `# ` the title, `## ` a section heading, `~ ` a small print
 * line, anything else a paragraph. `{{name}}` is a value; `{{#contacts}}` alone in a block is one paragraph per
 * contact person given access. A placeholder without a value is an error (a template never ships half-filled).
 */

export type TemplateName = 'agreement' | 'contact-access';
export type ContractLang = 'ru' | 'uz';

const DIR = serverPath('agreement', 'templates');
const cache = new Map<string, string>();

/** The raw template text. */
export function templateText(name: TemplateName, lang: ContractLang): string {
  const key = `${name}.${lang}`;
  let t = cache.get(key);
  if (t === undefined) {
    t = readFileSync(join(DIR, `${key}.txt`), 'utf8');
    cache.set(key, t);
  }
  return t;
}

/** The section headings (`## `) of a template, as written (they hold no placeholders). */
export function templateSections(name: TemplateName, lang: ContractLang): string[] {
  return templateText(name, lang)
    .split('\n')
    .filter((l) => l.startsWith('## '))
    .map((l) => l.slice(3).trim());
}

/** The operator's own details in the contract (the reference operator; a real deployment replaces them). */
export const OPERATOR: Readonly<Record<ContractLang, Readonly<Record<string, string>>>> = {
  ru: {
    operatorName: 'ООО «Мобайл Оператор Узбекистан»',
    operatorSigner: 'директора по корпоративным продажам Каримова Азиза Рустамовича',
    operatorSignatory: 'директор по корпоративным продажам Каримов А. Р.',
    operatorCity: 'Ташкент',
    operatorAddress: '100000, г. Ташкент, Мирабадский район, ул. Амира Темура, 24',
    operatorTin: '200833416',
    operatorBank: 'АКБ «Капиталбанк», Ташкентский филиал',
    operatorAccount: '20208000900123456001',
    operatorMfo: '00974',
  },
  uz: {
    operatorName: '«Mobile Operator Uzbekistan» MChJ',
    operatorSigner: 'korporativ savdo boʻyicha direktor Karimov Aziz Rustamovich',
    operatorSignatory: 'korporativ savdo boʻyicha direktor Karimov A. R.',
    operatorCity: 'Toshkent',
    operatorAddress: '100000, Toshkent sh., Mirobod tumani, Amir Temur koʻchasi, 24',
    operatorTin: '200833416',
    operatorBank: '«Kapitalbank» ATB, Toshkent filiali',
    operatorAccount: '20208000900123456001',
    operatorMfo: '00974',
  },
};

const ADDRESS_WORDS: Record<ContractLang, { house: string; apartment: string }> = {
  ru: { house: 'д.', apartment: 'кв.' },
  uz: { house: 'uy', apartment: 'xonadon' },
};

/** What an optional field left empty reads as. */
const NONE = '—';

/** The client's address in one line: index, region, city, district, street, house, apartment (empty parts left out). */
export function addressLine(f: AgreementForm, lang: ContractLang): string {
  const w = ADDRESS_WORDS[lang];
  return [
    f.postIndex,
    f.region,
    f.city,
    f.district,
    f.street,
    f.house && `${w.house} ${f.house}`,
    f.apartment && `${w.apartment} ${f.apartment}`,
  ]
    .filter((p) => p !== '')
    .join(', ');
}

/** Facts of the registration that are not in the form. */
export interface RegistrationFacts {
  readonly number: string;
  /** ISO day of the registration */
  readonly day: string;
  /** login of the user who registered it */
  readonly registrar: string;
  /** monthly price of a voluntary number block, in sums (lock_prices 'number') */
  readonly blockPrice: number;
}

/** Every `{{value}}` of the templates, in the language of the text. */
export function templateValues(
  f: AgreementForm,
  r: RegistrationFacts,
  lang: ContractLang,
): Record<string, string> {
  const sum = (n: number) => formatSum(n, { lang });
  return {
    ...OPERATOR[lang],
    number: r.number,
    date: documentDate(r.day),
    registrar: r.registrar,
    login: f.login,
    name: f.name,
    tin: f.tin,
    pinfl: f.pinfl,
    oked: f.oked,
    vat: f.vat || NONE,
    bankName: f.bankName,
    bankAccount: f.bankAccount,
    mfo: f.mfo,
    address: addressLine(f, lang),
    director: f.director,
    passport: normalPassport(f.passport),
    passportIssuedBy: f.passportIssuedBy,
    passportIssuedDate: documentDate(f.passportIssuedDate),
    birthDate: documentDate(f.birthDate),
    email: f.email,
    phone: formatPhone(f.phone),
    extraPhone: f.extraPhone ? formatPhone(f.extraPhone) : NONE,
    priceSimple: sum(GOLDEN_CATEGORIES.simple.price),
    priceBronze: sum(GOLDEN_CATEGORIES.bronze.price),
    priceSilver: sum(GOLDEN_CATEGORIES.silver.price),
    priceGold: sum(GOLDEN_CATEGORIES.gold.price),
    pricePlatinum: sum(GOLDEN_CATEGORIES.platinum.price),
    priceBlock: formatSum(r.blockPrice, { lang, decimals: 2 }),
  };
}

const CONTACT_LINE: Record<
  ContractLang,
  (i: number, c: { fullName: string; position: string; phone: string }) => string
> = {
  ru: (i, c) => `2.1.${i + 1}. ${c.fullName}, должность: ${c.position}, телефон ${formatPhone(c.phone)}.`,
  uz: (i, c) => `2.1.${i + 1}. ${c.fullName}, lavozimi: ${c.position}, telefon ${formatPhone(c.phone)}.`,
};

/** Fills a template: its blocks with every placeholder replaced. Throws on a placeholder without a value. */
export function fillTemplate(
  name: TemplateName,
  lang: ContractLang,
  form: AgreementForm,
  facts: RegistrationFacts,
): PdfBlock[] {
  const values = templateValues(form, facts, lang);
  // a value that ends a sentence with its own dot (initials: 'Каримов А. Р.') takes the template's dot after it:
  // 'Каримов А. Р. Подпись', never 'Р.. Подпись'
  const fill = (s: string) =>
    s.replace(/\{\{(\w+)\}\}(\.?)/g, (_, key: string, dot: string) => {
      const v = values[key];
      if (v === undefined) throw new Error(`template ${name}.${lang}: no value for {{${key}}}`);
      return dot !== '' && v.endsWith('.') ? v : `${v}${dot}`;
    });
  const blocks: PdfBlock[] = [];
  for (const raw of templateText(name, lang).split(/\n\s*\n/)) {
    const block = raw.trim().replace(/\s*\n\s*/g, ' ');
    if (block === '') continue;
    if (block === '{{#contacts}}') {
      contactsWithAccess(form).forEach((c, i) => {
        blocks.push({ kind: 'paragraph', text: CONTACT_LINE[lang](i, c) });
      });
    } else if (block.startsWith('# ') || block.startsWith('## ')) {
      blocks.push({ kind: 'heading', text: fill(block.replace(/^#+\s*/, '')) });
    } else if (block.startsWith('~ ')) {
      blocks.push({ kind: 'small', text: fill(block.slice(2)) });
    } else blocks.push({ kind: 'paragraph', text: fill(block) });
  }
  return blocks;
}

/** The document's title: its first block (the template's `# ` line). */
export function titleOf(blocks: readonly PdfBlock[]): string {
  return blocks[0]?.text ?? '';
}
