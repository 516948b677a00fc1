import type { ChartOracle, Ctx } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of contract registration, written from spec 1 ("Register contracts, with the Russian and Uzbek
 * texts of the contract, the additional agreement for contact-person access"), spec 3 ("Contract-registration form
 * fields"), spec 5 (the generic messages, 'Данный логин занят, выберите другой', the tax id's E026), spec 8 (a failed
 * call shows an error; E009 through the API client) and decisions CR1-CR9. Three independent regions: the
 * registration, the list of registered agreements, one download.
 *
 * The form's rules (spec 5 with CR2's formats, D25-D28, U21) are restated below, not imported from the domain, so a
 * bug in the rule is not copied into the oracle.
 */

/** CR9 / TZ1: the day the adult rule counts from: the input's, else today in Tashkent. */
const todayOf = (c: Ctx): string =>
  c.today ?? new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tashkent' }).format(new Date());

/** D28: a readable calendar day, ISO `YYYY-MM-DD` (a time part ignored) or `DD.MM.YYYY`, as `YYYY-MM-DD`; an
 *  impossible day (2001-02-30) is unreadable. */
function dayOf(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(t);
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(t);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : ru ? [ru[3], ru[2], ru[1]] : [];
  if (y === undefined || m === undefined || d === undefined) return null;
  const [yy, mm, dd] = [Number(y), Number(m), Number(d)];
  const leap = yy % 4 === 0 && (yy % 100 !== 0 || yy % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mm - 1];
  return days !== undefined && dd >= 1 && dd <= days ? `${y}-${m}-${d}` : null;
}

/** CR3: at most five contact persons. */
const MAX = 5;
/** CR2: fields that may stay empty. */
const OPTIONAL = ['vat', 'district', 'apartment', 'extraPhone'];
/** CR2: digits-only fields and their exact length (the tax id's after D27). */
const DIGITS: Record<string, number> = {
  tin: 9,
  pinfl: 14,
  oked: 5,
  vat: 12,
  bankAccount: 20,
  mfo: 5,
  postIndex: 6,
};
/** Spec 3's fields in the order the form lists them (the contact persons apart). */
const TEXT_FIELDS = [
  'login',
  'name',
  'tin',
  'pinfl',
  'oked',
  'vat',
  'bankName',
  'bankAccount',
  'mfo',
  'region',
  'city',
  'district',
  'street',
  'house',
  'apartment',
  'postIndex',
  'director',
  'passport',
  'passportIssuedBy',
  'passportIssuedDate',
  'birthDate',
  'email',
  'phone',
  'extraPhone',
];

/** Spec 9's number `+998 90 123 45 67`: nine national digits, with or without 998, written with spaces, dashes or
 *  brackets. */
const isPhone = (v: string) => {
  if (/[^\d\s()+-]/.test(v)) return false;
  const d = v.replace(/\D/g, '');
  return d.length === 9 || (d.length === 12 && d.startsWith('998'));
};

/** The message of one text field (spec 5 texts; CR2 formats). */
function fieldError(field: string, form: Ctx, today: string): string | null {
  const raw: string = form[field];
  const value = raw.trim();
  if (field === 'tin') {
    // D27: empty 'У вас не имеется ИНН.', not 2 or 3 first E026; CR2: then 9 digits
    if (value === '') return 'validation.noTin';
    if (!/^[23]/.test(value)) return 'E026';
    return /^\d{9}$/.test(value) ? null : 'validation.fields';
  }
  // CR2: 'Обязательное поле' unless optional
  if (value === '') return OPTIONAL.includes(field) ? null : 'validation.required';
  if (field === 'login') {
    // D25 Latin only (printable ASCII, no space: 'ввод должен быть исключительно латиницей'); A-login: letters,
    // digits, . _ -, 3 to 100 characters (U21), else 'Поля заполнены неверно'
    if (!/^[\x21-\x7E]*$/.test(raw)) return 'validation.latinOnly';
    return /^[A-Za-z0-9._-]{3,100}$/.test(raw) ? null : 'validation.fields';
  }
  const length = DIGITS[field];
  if (length !== undefined) return new RegExp(`^\\d{${length}}$`).test(value) ? null : 'validation.fields';
  if (field === 'passport') return /^[A-Za-z]{2} ?\d{7}$/.test(value) ? null : 'validation.fields';
  if (field === 'birthDate') {
    // D28: unreadable or in the future 'Некорректная дата'; 'Вам должно быть 18' before the 18th birthday
    const born = dayOf(value);
    if (born === null || born > today) return 'validation.badDate';
    const adultFrom = `${String(Number(born.slice(0, 4)) + 18).padStart(4, '0')}${born.slice(4)}`;
    return today >= adultFrom ? null : 'validation.adult';
  }
  if (field === 'passportIssuedDate') {
    // CR2: unreadable, in the future, or before the birth date 'Некорректная дата'
    const issued = dayOf(value);
    const born = dayOf(form.birthDate);
    if (issued === null || issued > today) return 'validation.badDate';
    return born !== null && issued < born ? 'validation.badDate' : null;
  }
  if (field === 'email') {
    // U21: a Latin local part (dot-separated), an ASCII domain with a Latin top-level domain, at most 200 characters
    const ok =
      value.length <= 200 &&
      /^[A-Za-z0-9_'+-]+(?:\.[A-Za-z0-9_'+-]+)*@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/.test(value);
    return ok ? null : 'validation.email';
  }
  if (field === 'phone' || field === 'extraPhone') return isPhone(value) ? null : 'validation.phone';
  // CR2: free text (names, address parts, the bank's name) holds at most 300 characters
  return value.length <= 300 ? null : 'validation.fields';
}

/** Every field's message, `contacts.<i>.<field>` for a contact person's (CR2, CR3); empty when the form may go. */
function errorsOf(c: Ctx): Record<string, string> {
  const today = todayOf(c);
  const errors: Record<string, string> = {};
  for (const field of TEXT_FIELDS) {
    const e = fieldError(field, c.form, today);
    if (e !== null) errors[field] = e;
  }
  c.form.contacts.forEach((p: Ctx, i: number) => {
    for (const field of ['fullName', 'position', 'phone'])
      if (String(p[field]).trim() === '') errors[`contacts.${i}.${field}`] = 'validation.required';
    if (errors[`contacts.${i}.phone`] === undefined && !isPhone(p.phone))
      errors[`contacts.${i}.phone`] = 'validation.phone';
  });
  if (c.form.contacts.length > MAX) errors.contacts = 'validation.fields';
  return errors;
}
const isValid = (c: Ctx) => Object.keys(errorsOf(c)).length === 0;

/** Spec 3's form with nothing typed and no contact person. */
const EMPTY_FORM: Ctx = {
  ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])),
  contacts: [],
};

const without = (errors: Ctx, drop: (k: string) => boolean) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !drop(k)));

/** The download region's leaf, from its context: an error shown, a document downloading, or idle. */
const downloadLeaf = (c: Ctx) =>
  c.downloadError !== null ? 'download.failed' : c.docId !== null ? 'download.downloading' : 'download.idle';

const FORM = ['registration.form.editing', 'registration.form.invalid'];
const LIST_LOADING = 'list.loading';

export const agreementOracle: ChartOracle = {
  id: 'agreement',
  initial: { to: ['registration.form.editing', LIST_LOADING, 'download.idle'] },
  // CR9: the page starts from the form it is given (empty in the browser) and the day of the adult rule (none:
  // today); nothing registered, listed (CR6: from its first page) or downloading yet
  context: (input) => {
    const i = input as Ctx;
    return {
      form: i.form ?? EMPTY_FORM,
      errors: {},
      today: i.today ?? null,
      error: null,
      agreement: null,
      listPage: 0,
      list: null,
      listError: null,
      docId: null,
      downloadError: null,
    };
  },
  invokes: {
    // CR1: GET agreement/check-login before registering (spec 4 "the login is free", spec 5 'Данный логин занят')
    'registration.validating': { checkLogin: (c) => ({ login: c.form.login.trim() }) },
    // CR1: POST agreement/register with the whole form of spec 3
    'registration.registering': { registerAgreement: (c) => ({ form: c.form }) },
    // CR6: GET agreement/list, the page asked for
    [LIST_LOADING]: { fetchAgreements: (c) => ({ page: c.listPage }) },
    // CR7: GET agreement/document of one document
    'download.downloading': { downloadDocument: (c) => ({ docId: c.docId }) },
  },
  rows: [
    // ── the form (spec 3 fields; spec 5 messages) ─────────────────────────────────────────────────────────────
    {
      from: FORM,
      event: 'field.change',
      to: '.',
      ctx: (c, ev) => ({
        form: { ...c.form, [ev.field]: ev.value },
        errors: without(c.errors, (k) => k === ev.field),
      }),
      spec: 'spec 3 form fields; CR8 a changed field drops its message, the others stay until the next submit',
    },
    {
      from: FORM,
      event: 'contact.add',
      when: (c) => c.form.contacts.length < MAX,
      to: '.',
      ctx: (c) => ({
        form: {
          ...c.form,
          contacts: [...c.form.contacts, { fullName: '', position: '', phone: '', access: false }],
        },
      }),
      spec: 'spec 3 "contact persons"; CR3 at most five, a new one without access',
    },
    // CR3: a sixth contact person is refused (no row: ignored)
    {
      from: FORM,
      event: 'contact.remove',
      to: '.',
      ctx: (c, ev) => ({
        form: { ...c.form, contacts: c.form.contacts.filter((_: unknown, i: number) => i !== ev.index) },
        errors: without(c.errors, (k) => k.startsWith('contacts')),
      }),
      spec: 'spec 3 "contact persons"; CR8 the persons below move up, their messages are dropped',
    },
    {
      from: FORM,
      event: 'contact.change',
      to: '.',
      ctx: (c, ev) => ({
        form: {
          ...c.form,
          contacts: c.form.contacts.map((p: Ctx, i: number) =>
            i === ev.index ? { ...p, [ev.field]: ev.value } : p,
          ),
        },
        errors: without(c.errors, (k) => k === `contacts.${ev.index}.${ev.field}`),
      }),
      spec: 'spec 1 the additional agreement for contact-person access: access is ticked per person (CR3)',
    },
    {
      from: FORM,
      event: 'form.submit',
      when: (c) => isValid(c),
      to: 'registration.validating',
      ctx: () => ({ errors: {}, error: null }),
      spec: 'spec 4 "proceeds only if … the login is free": a valid form goes to the login check (CR1)',
    },
    {
      from: FORM,
      event: 'form.submit',
      to: 'registration.form.invalid',
      ctx: (c) => ({ errors: errorsOf(c), form: c.form }),
      spec: "spec 5 generic messages per field and 'Заполните все поля корректно' (CR8)",
    },

    // ── the login check and the registration ──────────────────────────────────────────────────────────────────
    {
      from: 'registration.validating',
      event: done('checkLogin'),
      when: (_, ev) => ev.output === true,
      to: 'registration.registering',
      spec: 'spec 5 the login must be free; CR1 then POST agreement/register',
    },
    {
      from: 'registration.validating',
      event: done('checkLogin'),
      to: 'registration.form.invalid',
      ctx: (c) => ({ errors: { ...c.errors, login: 'validation.loginTaken' }, form: c.form }),
      spec: "spec 5 'Данный логин занят, выберите другой' on the login field",
    },
    {
      from: 'registration.validating',
      event: failed('checkLogin'),
      to: 'registration.failed',
      ctx: (c, ev) => ({ error: codeOf(ev), form: c.form }),
      spec: 'spec 8 a failed call shows an error; nothing typed is lost (CR8)',
    },
    {
      from: 'registration.registering',
      event: done('registerAgreement'),
      when: (_, ev) => ev.output.outcome === 'registered',
      // the two regions change together; the download region stays where it is (read back from its context)
      to: (c) => ['registration.done', LIST_LOADING, downloadLeaf(c)],
      reenter: LIST_LOADING,
      ctx: (_, ev) => ({ agreement: ev.output.agreement, listPage: 0 }),
      spec: 'spec 1 the agreement with its RU/UZ texts is registered; CR6 it heads the reloaded list',
    },
    {
      from: 'registration.registering',
      event: done('registerAgreement'),
      to: 'registration.form.invalid',
      ctx: (c) => ({ errors: { ...c.errors, login: 'validation.loginTaken' }, agreement: null }),
      spec: "spec 5 'Данный логин занят, выберите другой': taken since the check, nothing created (CR1)",
    },
    {
      from: 'registration.registering',
      event: failed('registerAgreement'),
      to: 'registration.failed',
      ctx: (c, ev) => ({ error: codeOf(ev), form: c.form }),
      spec: 'spec 5 E026 tax id type / spec 8 error dialog; the form is kept (CR8)',
    },
    {
      from: 'registration.failed',
      event: 'form.retry',
      to: 'registration.validating',
      ctx: () => ({ error: null }),
      spec: 'CR8 retry: the login is checked again, then registered',
    },
    {
      from: 'registration.failed',
      event: 'form.edit',
      to: 'registration.form.editing',
      ctx: (c) => ({ error: null, form: c.form }),
      spec: 'CR8 back to the form with everything typed',
    },
    {
      from: 'registration.done',
      event: 'form.new',
      to: 'registration.form.editing',
      ctx: () => ({
        errors: {},
        error: null,
        agreement: null,
        form: EMPTY_FORM,
      }),
      spec: 'spec 3 the form, empty, for the next contract',
    },

    // ── the registered agreements ─────────────────────────────────────────────────────────────────────────────
    {
      from: 'list.*',
      event: 'list.reload',
      to: LIST_LOADING,
      reenter: true,
      ctx: () => ({ listPage: 0 }),
      spec: 'CR6 the list reloads from its first page (newest first)',
    },
    {
      from: LIST_LOADING,
      event: done('fetchAgreements'),
      to: 'list.ready',
      ctx: (c, ev) => ({ list: { ...ev.output, page: c.listPage }, listError: null }),
      spec: 'CR6 the agreements the user registered, with their documents',
    },
    {
      from: LIST_LOADING,
      event: failed('fetchAgreements'),
      to: 'list.failed',
      ctx: (c, ev) => ({ listError: codeOf(ev), list: c.list }),
      spec: 'spec 8 a failed call shows an error, with a retry',
    },
    {
      from: 'list.failed',
      event: 'list.retry',
      to: LIST_LOADING,
      ctx: () => ({ listError: null }),
      spec: 'spec 8 retry the list',
    },
    {
      from: 'list.ready',
      event: 'list.page',
      to: LIST_LOADING,
      ctx: (_, ev) => ({ listPage: ev.page }),
      spec: 'Standards: long lists paged (CR6)',
    },

    // ── one download ──────────────────────────────────────────────────────────────────────────────────────────
    {
      from: ['download.idle', 'download.failed'],
      event: 'document.download',
      to: 'download.downloading',
      ctx: (_, ev) => ({ docId: ev.docId, downloadError: null }),
      spec: 'the contract-registration requirements: the seller downloads the agreement right after registering and from the list (CR7)',
    },
    {
      from: 'download.downloading',
      event: done('downloadDocument'),
      to: 'download.idle',
      ctx: () => ({ docId: null, downloadError: null }),
      spec: 'CR7 the PDF is handed to the browser',
    },
    {
      from: 'download.downloading',
      event: failed('downloadDocument'),
      to: 'download.failed',
      ctx: (_, ev) => ({ downloadError: codeOf(ev) }),
      spec: 'spec 8 the download failure is shown; E009 resets the session through the API client',
    },
    {
      from: 'download.failed',
      event: 'download.dismiss',
      to: 'download.idle',
      ctx: () => ({ docId: null, downloadError: null }),
      spec: 'spec 8 close the message',
    },
  ],
  viewTexts: {
    'registration.form.invalid': 'Заполните все поля корректно',
    'registration.done': 'Договор зарегистрирован',
  },
};
