import { FEATURES } from '@/domain/capabilities.rules';
import type { Handlers } from '../handler';

/** The reference backend offers every optional feature (CAP1); nothing about the caller is read or said. */
export const capabilitiesHandlers: Handlers = {
  'capabilities.get': () => ({ features: [...FEATURES] }),
};
