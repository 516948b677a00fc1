/**
 * The names of the public onboarding pages' calls (`publicEndpoints` of public.contract.ts), without their schemas:
 * the API client, part of the first scripts, knows from this list that a call's definition is in the public slice's
 * chunk and not in the whole endpoint table's (tests/services/endpoint-slices.test.ts keeps the two lists equal).
 */
export const PUBLIC_CALLS: ReadonlySet<string> = new Set([
  'preorder.onlineServices',
  'preorder.banList',
  'preorder.status',
  'preorder.agents',
  'preorder.checkLogin',
  'preorder.marketCodes',
  'preorder.services',
  'preorder.create',
  'preorder.prove',
  'preorder.company',
  'preorder.signingChallenge',
  'golden.categoriesQr',
]);
