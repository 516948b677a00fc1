import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { blobResult, wireInt, wirePage, wireSize } from './fields.contract';

/**
 * Contract-registration calls. Spec 7 names no call for registering a contract (spec 1 "Register contracts"); these
 * are ours (docs/decisions.md "Contract registration" CR1): the login check, the registration itself (the agreement
 * and, when a contact person is given access, the additional agreement, each in Russian and Uzbek, in the one
 * documents table), the agreements the caller registered, and the PDF of one of their documents.
 */

const text = (max: number) => z.string().check(z.maxLength(max));

/** A contact person of the form (spec 3 "contact persons"); `access`: given access to the portal. */
export const contactPersonSchema = z.object({
  fullName: text(200),
  position: text(200),
  phone: text(40),
  access: z.boolean(),
});

/**
 * POST agreement/register body: the contract-registration form of spec 3 (login, name, tin, pinfl, oked, vat, bank
 * name/account/mfo, address parts, the signer's passport data and birth date, contact persons, email, phone, extra
 * phone). Shapes only; the server checks the values with the same domain rules the form uses.
 */
export const agreementFormSchema = z.object({
  login: text(100),
  name: text(300),
  tin: text(20),
  pinfl: text(20),
  oked: text(10),
  vat: text(20),
  bankName: text(300),
  bankAccount: text(30),
  mfo: text(10),
  region: text(300),
  city: text(300),
  district: text(300),
  street: text(300),
  house: text(300),
  apartment: text(300),
  postIndex: text(10),
  director: text(300),
  passport: text(20),
  passportIssuedBy: text(300),
  passportIssuedDate: text(10),
  birthDate: text(10),
  contacts: z.readonly(z.array(contactPersonSchema).check(z.maxLength(5))),
  email: text(200),
  phone: text(40),
  extraPhone: text(40),
});
export type AgreementFormWire = z.input<typeof agreementFormSchema>;

/** GET agreement/check-login query. */
export const agreementLoginQuery = z.object({ login: z.string().check(z.minLength(1), z.maxLength(100)) });

/** Whether the login is free for a new client account. */
export const agreementLoginSchema = z.looseObject({ free: z.boolean() });

/** One issued document of an agreement: `kind` agreement (type 1) or contactAccess (the additional agreement). */
export const agreementDocumentSchema = z.looseObject({
  id: z.int().check(z.positive()),
  documentType: z.int(),
  kind: z.enum(['agreement', 'contactAccess']),
  lang: z.enum(['ru', 'uz']),
  title: z.string(),
});
export type AgreementDocumentWire = z.output<typeof agreementDocumentSchema>;

/** A registered agreement with its documents. `createdAt` epoch ms. */
export const agreementSchema = z.looseObject({
  id: z.int().check(z.positive()),
  number: z.string(),
  login: z.string(),
  name: z.string(),
  tin: z.string(),
  createdAt: z.number(),
  documents: z.array(agreementDocumentSchema),
});
export type AgreementWire = z.output<typeof agreementSchema>;

/**
 * POST agreement/register result: `registered` with the agreement, or `loginTaken` when the login was taken after
 * the check (the form shows 'Данный логин занят, выберите другой' on the login field, nothing is created).
 */
export const agreementRegisterSchema = z.discriminatedUnion('outcome', [
  z.looseObject({ outcome: z.literal('registered'), agreement: agreementSchema }),
  z.looseObject({ outcome: z.literal('loginTaken') }),
]);
export type AgreementRegisterWire = z.output<typeof agreementRegisterSchema>;

/** GET agreement/list query (`page` from 0). */
export const agreementListQuery = z.object({ page: wirePage, size: wireSize });

/** A page of the caller's registered agreements, newest first. */
export const agreementPageSchema = z.looseObject({
  content: z.array(agreementSchema),
  totalElements: z.int().check(z.nonnegative()),
  totalPages: z.int().check(z.nonnegative()),
  page: z.int().check(z.nonnegative()),
});

/** GET agreement/document query: a document id of one of the caller's agreements. */
export const agreementDocumentQuery = z.object({ docId: z.pipe(wireInt, z.int().check(z.positive())) });

/** The contract-registration calls, spread into the endpoint table (src/services/contract/endpoints.ts). */
export const agreementEndpoints = {
  'agreement.checkLogin': defineEndpoint({
    method: 'GET',
    path: 'agreement/check-login',
    query: agreementLoginQuery,
    result: agreementLoginSchema,
    auth: 'session',
    summary: 'whether a login is free for the new client account (users and registered agreements)',
  }),
  'agreement.register': defineEndpoint({
    method: 'POST',
    path: 'agreement/register',
    body: agreementFormSchema,
    result: agreementRegisterSchema,
    auth: 'session',
    summary:
      'register a contract: the agreement (type 1) and, with contact-person access, the additional agreement, RU and UZ (E013 a field is wrong, E026 tax id type)',
  }),
  'agreement.list': defineEndpoint({
    method: 'GET',
    path: 'agreement/list',
    query: agreementListQuery,
    result: agreementPageSchema,
    auth: 'session',
    summary: 'the agreements the caller registered, newest first, paged from 0',
  }),
  'agreement.document': defineEndpoint({
    method: 'GET',
    path: 'agreement/document',
    query: agreementDocumentQuery,
    result: blobResult,
    reply: 'blob',
    auth: 'session',
    summary: 'the PDF of a document of an agreement the caller registered (E094 otherwise)',
  }),
} as const;
