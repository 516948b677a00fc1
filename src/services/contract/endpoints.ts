import type { z } from 'zod';
import { adminEndpoints } from './admin.contract';
import { agreementEndpoints } from './agreement.contract';
import {
  banExistsQuery,
  banExistsSchema,
  clientCardQuery,
  clientCardSchema,
  commentsSchema,
  epdpSessionSchema,
  passportInfoQuery,
  passportInfoSchema,
  pricePlansBody,
  regDataQuery,
  regDocsQuery,
  regDocsSchema,
  registerFilterQuery,
  registrationBody,
  registrationCreatedSchema,
  registrationIdQuery,
  registrationListSchema,
  registrationSchema,
  reserveEquipmentBody,
  saveDocFields,
  statisticsQuery,
  tariffsSchema,
  tokenInfoSchema,
  tokenParams,
  updateRegistrationBody,
} from './at39.contract';
import { blockEndpoints } from './block.contract';
import { debtEndpoints } from './debt.contract';
import {
  byOrderQuery,
  byTypeQuery,
  deliveryQuery,
  documentDetailsSchema,
  documentListSchema,
  onlineOrderListSchema,
  onlineOrderParams,
  onlineOrderSchema,
  onlineOrdersQuery,
  reDownloadQuery,
  reUploadQuery,
  uploadReceiptSchema,
} from './documents.contract';
import { defineEndpoint } from './endpoint';
import { blobResult, noResult } from './fields.contract';
import { goldenEndpoints } from './golden.contract';
import {
  checkBalanceSchema,
  deleteAgreementBody,
  employeeNumbersQuery,
  employeeNumbersSchema,
  employeesPageSchema,
  employeesQuery,
  getPackagesQuery,
  hasDepositSchema,
  internetPackagesSchema,
  ipGroupQuery,
  isFreeQuery,
  packageActionBody,
  packageActionResultSchema,
  promotionQuery,
} from './internet.contract';
import { lookupEndpoints } from './lookup.contract';
import { ordersEndpoints } from './orders.contract';
import {
  agentsSchema,
  banListSchema,
  catalogueSchema,
  checkLoginQuery,
  checkLoginResultSchema,
  companyQuery,
  marketCodesSchema,
  mySoliqDataSchema,
  preorderCreateBody,
  preorderCreatedSchema,
  preorderListQuery,
  preorderListSchema,
  preorderStatusSchema,
  proveBody,
  provedBanListQuery,
  provedStatusQuery,
  proveResultSchema,
} from './preorder.contract';
import { sessionEndpoints } from './session.endpoints';
import { settingsEndpoints } from './settings.contract';
import { signingEndpoints } from './signing.contract';

/**
 * The endpoint table: every call of spec 7, keyed by a dot name `<area>.<verb>`. Paths are relative to `/api/`.
 * Each area's calls live beside its schemas as a slice (`<area>Endpoints` in `<area>.contract.ts`) spread in here;
 * the rows still written below (pre-order, documents, internet, AT 39) move to their slices once those areas'
 * current changes have landed (docs/decisions.md AR7). tests/services/endpoint-slices.test.ts: no call twice.
 * The client parses every reply with `result`; the reference server validates its inputs with `params`, `query`,
 * `body` and types its outputs with `result`.
 */
export const endpoints = {
  // ── session and user (src/services/contract/session.endpoints.ts) ──────────────────────────────────
  ...sessionEndpoints,

  // ── lookup, administration, block/restore: their slices (lookup, admin, block contracts) ────────────────
  ...lookupEndpoints,
  ...adminEndpoints,
  ...blockEndpoints,

  // ── pre-order and registration ─────────────────────────────────────────────────────────────────────
  'preorder.onlineServices': defineEndpoint({
    method: 'GET',
    path: 'online-sales/pre-order/services',
    result: catalogueSchema,
    auth: 'public',
    summary: 'number categories, price plans and services for a pre-order',
  }),
  'preorder.banList': defineEndpoint({
    method: 'GET',
    path: 'online-sales/pre-order/banList',
    query: provedBanListQuery,
    result: banListSchema,
    auth: 'public',
    summary: 'BANs of a company in a city (public page: only with a proof of the key of that TIN, NC3)',
  }),
  'preorder.status': defineEndpoint({
    method: 'GET',
    path: 'online-sales/pre-order/status',
    query: provedStatusQuery,
    result: preorderStatusSchema,
    auth: 'public',
    summary:
      'pre-order registration state of a company (E026; only with a proof of the key of that TIN, NC3)',
  }),
  'preorder.agents': defineEndpoint({
    method: 'GET',
    path: 'online-sales/pre-order/agents',
    result: agentsSchema,
    auth: 'public',
    summary: 'agents a client may connect through',
  }),
  'preorder.checkLogin': defineEndpoint({
    method: 'GET',
    path: 'online-sales/pre-order/check-login',
    query: checkLoginQuery,
    result: checkLoginResultSchema,
    auth: 'public',
    summary: 'whether a login is free',
  }),
  'preorder.marketCodes': defineEndpoint({
    method: 'GET',
    path: 'pre-order/market-codes',
    result: marketCodesSchema,
    auth: 'public',
    summary: 'cities (market codes)',
  }),
  'preorder.services': defineEndpoint({
    method: 'GET',
    path: 'pre-order/services',
    result: catalogueSchema,
    auth: 'public',
    summary: 'services catalogue of step two of the wizard',
  }),
  'preorder.create': defineEndpoint({
    method: 'POST',
    path: 'pre-order/create',
    body: preorderCreateBody,
    result: preorderCreatedSchema,
    auth: 'public',
    summary: 'submit the client registration, signed with E-IMZO (NC5)',
  }),
  'preorder.prove': defineEndpoint({
    method: 'POST',
    path: 'online-sales/pre-order/prove',
    body: proveBody,
    result: proveResultSchema,
    auth: 'public',
    summary: 'a signed challenge proves holding a key of the TIN (path decided, NC3)',
  }),
  'preorder.company': defineEndpoint({
    method: 'GET',
    path: 'online-sales/pre-order/company',
    query: companyQuery,
    result: mySoliqDataSchema,
    auth: 'public',
    summary: 'company data from the tax service (mySoliqData) for a proved TIN (path decided, NC4)',
  }),
  'preorder.list': defineEndpoint({
    method: 'GET',
    path: 'pre-order/list',
    query: preorderListQuery,
    result: preorderListSchema,
    auth: 'session',
    summary: 'created pre-orders with their status, for B2B staff (path decided, NC8)',
  }),

  // ── online-sales documents ─────────────────────────────────────────────────────────────────────────
  'documents.byOrder': defineEndpoint({
    method: 'GET',
    path: 'online-sales/documents/byOrder',
    query: byOrderQuery,
    result: documentListSchema,
    auth: 'session',
    summary: 'documents of an order',
  }),
  'documents.order': defineEndpoint({
    method: 'GET',
    path: 'online-sales/orders/{id}',
    params: onlineOrderParams,
    result: onlineOrderSchema,
    auth: 'session',
    summary: 'one online-sales order',
  }),
  'documents.detailed': defineEndpoint({
    method: 'GET',
    path: 'online-sales/documents/detailed',
    query: reDownloadQuery,
    result: documentDetailsSchema,
    auth: 'session',
    summary: 'one document with details',
  }),
  'documents.byType': defineEndpoint({
    method: 'GET',
    path: 'online-sales/documents/byType',
    query: byTypeQuery,
    result: documentListSchema,
    auth: 'session',
    summary: 'documents by type(s), BAN and date range',
  }),
  'documents.orders': defineEndpoint({
    method: 'GET',
    path: 'online-sales/orders',
    query: onlineOrdersQuery,
    result: onlineOrderListSchema,
    auth: 'session',
    summary: "the company's orders in a date range, each with its documents",
  }),
  'documents.reDownload': defineEndpoint({
    method: 'GET',
    path: 'online-sales/documents/re-download',
    query: reDownloadQuery,
    result: blobResult,
    reply: 'blob',
    auth: 'session',
    summary: 'the PDF of a document',
  }),
  'documents.delivery': defineEndpoint({
    method: 'GET',
    path: 'online-sales/documents/delivery/byId',
    query: deliveryQuery,
    result: blobResult,
    reply: 'blob',
    auth: 'session',
    summary: 'a delivery document',
  }),
  'documents.instruction': defineEndpoint({
    method: 'GET',
    path: 'online-sales/documents/instruction',
    result: blobResult,
    reply: 'blob',
    auth: 'session',
    summary: 'the instruction (docx)',
  }),
  'documents.reUpload': defineEndpoint({
    method: 'POST',
    path: 'online-sales/documents/re-upload',
    query: reUploadQuery,
    multipart: true,
    fileField: 'file',
    result: uploadReceiptSchema,
    auth: 'session',
    summary: 'upload a signed document again (E118); the reply is its new status',
  }),

  // ── golden numbers and orders (golden.contract.ts, orders.contract.ts) ───────────────────────────────
  ...goldenEndpoints,
  ...ordersEndpoints,

  // ── internet packages and roaming ──────────────────────────────────────────────────────────────────
  'internet.services': defineEndpoint({
    method: 'GET',
    path: 'internet-package/services',
    query: ipGroupQuery,
    result: internetPackagesSchema,
    auth: 'session',
    summary: 'packages of a group',
  }),
  'internet.forConPp': defineEndpoint({
    method: 'GET',
    path: 'internet-package/internet-package-services/for-con-pp',
    result: internetPackagesSchema,
    auth: 'session',
    summary: 'packages for the connection price plan',
  }),
  'internet.employees': defineEndpoint({
    method: 'GET',
    path: 'internet-package/employees',
    query: employeesQuery,
    result: employeesPageSchema,
    auth: 'session',
    summary: 'employee numbers and their packages, searched and paged (SV3)',
  }),
  'internet.employeesPromotion': defineEndpoint({
    method: 'GET',
    path: 'internet-package/employeesPromotionIp',
    query: promotionQuery,
    result: employeesPageSchema,
    auth: 'session',
    summary: 'employee numbers with a promotional free package to take (isFree) or taken (SV5)',
  }),
  'internet.employeesDeactivate': defineEndpoint({
    method: 'GET',
    path: 'internet-package/employees/deactivate',
    query: employeesQuery,
    result: employeesPageSchema,
    auth: 'session',
    summary: 'employee numbers whose package of the group can be switched off',
  }),
  'internet.employeeNumbers': defineEndpoint({
    method: 'GET',
    path: 'internet-package/employees/numbers',
    query: employeeNumbersQuery,
    result: employeeNumbersSchema,
    auth: 'session',
    summary: 'every number of a list filter, for "select all filtered" (SV3; not in the spec)',
  }),
  'internet.checkBalance': defineEndpoint({
    method: 'GET',
    path: 'internet-package/checkBalance',
    result: checkBalanceSchema,
    auth: 'session',
    summary: 'balance check before connecting',
  }),
  'internet.packages': defineEndpoint({
    method: 'GET',
    path: 'internet-package/getPackages',
    query: getPackagesQuery,
    result: internetPackagesSchema,
    auth: 'session',
    summary: 'packages available for a number',
  }),
  'internet.hasDeposit': defineEndpoint({
    method: 'GET',
    path: 'internet-package/has-deposit',
    result: hasDepositSchema,
    auth: 'session',
    summary: 'whether the company has a deposit',
  }),
  'internet.setup': defineEndpoint({
    method: 'POST',
    path: 'internet-package/setup',
    body: packageActionBody,
    result: packageActionResultSchema,
    auth: 'session',
    summary: 'connect a package (E031, E123, E124, E125)',
  }),
  'internet.setupFree': defineEndpoint({
    method: 'POST',
    path: 'internet-package/setupFree',
    query: isFreeQuery,
    body: packageActionBody,
    result: packageActionResultSchema,
    auth: 'session',
    summary: 'connect a promotion package',
  }),
  'internet.delete': defineEndpoint({
    method: 'POST',
    path: 'internet-package/delete',
    body: packageActionBody,
    result: packageActionResultSchema,
    auth: 'session',
    summary: 'disconnect a package',
  }),
  'internet.deleteAgreement': defineEndpoint({
    method: 'POST',
    path: 'internet-package/deleteAgreement',
    body: deleteAgreementBody,
    result: packageActionResultSchema,
    auth: 'session',
    summary: 'cancel the package agreement',
  }),
  'internet.setupRoaming': defineEndpoint({
    method: 'POST',
    path: 'internet-package/setup-roaming',
    body: packageActionBody,
    result: packageActionResultSchema,
    auth: 'session',
    summary: 'connect roaming',
  }),
  'internet.deleteRoaming': defineEndpoint({
    method: 'POST',
    path: 'internet-package/delete-roaming',
    body: packageActionBody,
    result: packageActionResultSchema,
    auth: 'session',
    summary: 'disconnect roaming',
  }),

  // ── AT 39 registration ─────────────────────────────────────────────────────────────────────────────
  'at39.token': defineEndpoint({
    method: 'GET',
    // spec 7 'GET {token}' under at39/workplace/: a bare at39/{token} would shadow at39/ban-exists and the other
    // one-segment calls (docs/decisions.md AT1)
    path: 'at39/workplace/{token}',
    params: tokenParams,
    result: tokenInfoSchema,
    auth: 'session',
    summary: 'open the module with a link token (E127, E128, E129)',
  }),
  'at39.sessionId': defineEndpoint({
    method: 'GET',
    path: 'v1/epdp/get-session-id',
    result: epdpSessionSchema,
    auth: 'session',
    summary: 'session of the passport service',
  }),
  'at39.passportInfo': defineEndpoint({
    method: 'GET',
    path: 'v1/epdp/passport-info',
    query: passportInfoQuery,
    result: passportInfoSchema,
    auth: 'session',
    summary: 'person data by the passport-service auth code',
  }),
  'at39.createRegistration': defineEndpoint({
    method: 'POST',
    path: 'at39/register/create-registration',
    body: registrationBody,
    result: registrationCreatedSchema,
    auth: 'session',
    summary: 'start a registration',
  }),
  'at39.clientCard': defineEndpoint({
    method: 'GET',
    path: 'at39/get-client-card',
    query: clientCardQuery,
    result: clientCardSchema,
    auth: 'session',
    summary: 'SIM kit by marked code (E091, E105, E121)',
  }),
  'at39.regDocs': defineEndpoint({
    method: 'GET',
    path: 'at39/docs/reg-docs',
    query: regDocsQuery,
    result: regDocsSchema,
    auth: 'session',
    summary: 'documents of a registration',
  }),
  'at39.saveDoc': defineEndpoint({
    method: 'POST',
    path: 'at39/docs/save-doc',
    body: saveDocFields,
    multipart: true,
    fileField: 'file',
    result: noResult,
    auth: 'session',
    summary: 'attach a document (E118)',
  }),
  'at39.banExists': defineEndpoint({
    method: 'GET',
    path: 'at39/ban-exists',
    query: banExistsQuery,
    result: banExistsSchema,
    auth: 'session',
    summary: 'whether a BAN exists for the registration',
  }),
  'at39.register': defineEndpoint({
    method: 'POST',
    path: 'at39/register/',
    query: registrationIdQuery,
    result: noResult,
    auth: 'session',
    summary: 'complete the registration (E094)',
  }),
  'at39.pricePlans': defineEndpoint({
    method: 'POST',
    path: 'at39/get-price-plans',
    body: pricePlansBody,
    result: tariffsSchema,
    auth: 'session',
    summary: 'tariffs for the registration',
  }),
  'at39.filter': defineEndpoint({
    method: 'GET',
    path: 'at39/register/filter',
    query: registerFilterQuery,
    result: registrationListSchema,
    auth: 'session',
    summary: 'registrations page by page',
  }),
  'at39.statistics': defineEndpoint({
    method: 'GET',
    path: 'at39/docs/statistics',
    query: statisticsQuery,
    result: blobResult,
    reply: 'blob',
    auth: 'session',
    summary: 'statistics archive',
  }),
  'at39.comment': defineEndpoint({
    method: 'GET',
    path: 'at39/register/comment',
    query: registrationIdQuery,
    result: commentsSchema,
    auth: 'session',
    summary: 'comments of a registration',
  }),
  'at39.reserveEquipment': defineEndpoint({
    method: 'POST',
    path: 'at39/reserve-equipment',
    body: reserveEquipmentBody,
    result: noResult,
    auth: 'session',
    summary: 'reserve a phone number for the registration',
  }),
  'at39.regData': defineEndpoint({
    method: 'GET',
    path: 'at39/register/get-reg-data',
    query: regDataQuery,
    result: registrationSchema,
    auth: 'session',
    summary: 'one registration with all its data',
  }),
  'at39.updateRegistration': defineEndpoint({
    method: 'PUT',
    path: 'at39/register/update-registration',
    body: updateRegistrationBody,
    result: noResult,
    auth: 'session',
    summary: 'update a registration',
  }),
  ...settingsEndpoints,
  ...debtEndpoints,
  ...agreementEndpoints,
  ...signingEndpoints,
} as const;

/** Dot name of a call in the table. */
export type EndpointName = keyof typeof endpoints;

/** Definition of endpoint `N`. */
export type Endpoint<N extends EndpointName> = (typeof endpoints)[N];

/** Parsed `result` of endpoint `N` (for blob endpoints: the Blob). */
export type EndpointResult<N extends EndpointName> = z.output<Endpoint<N>['result']>;

/** All names, for tests and the server's route registration. */
export const endpointNames = Object.keys(endpoints) as EndpointName[];
