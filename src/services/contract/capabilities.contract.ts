import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';

/**
 * `GET capabilities`: which optional features of the portal the backend offers (docs/decisions.md CAP1,
 * src/domain/capabilities.rules.ts). Names are strings on the wire: one this portal does not know is ignored, not a
 * contract break, so a newer backend can list more.
 */
export const capabilitiesSchema = z.looseObject({
  /** the feature names the backend offers */
  features: z.array(z.string().check(z.maxLength(64))),
});
export type CapabilitiesWire = z.infer<typeof capabilitiesSchema>;

export const capabilitiesEndpoints = {
  'capabilities.get': defineEndpoint({
    method: 'GET',
    path: 'capabilities',
    result: capabilitiesSchema,
    auth: 'public',
    // CAP1 default: a backend that does not know this question offers none of the optional features
    ifUnknown: { features: [] },
    summary:
      'the optional features this backend offers (CAP1); a backend without this call offers none of them (the default)',
  }),
} as const;
