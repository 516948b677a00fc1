import type { ImpersonationEvent, ViewedClient } from '@/machines/impersonation.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { ModelTestEntry } from '../support/model-registry';
import { payloadsFor } from '../support/model-universe';

/** Realistic events and actor results of the impersonation chart. */
export const curatorBan: ViewedClient = {
  ban: '100234561',
  sn: null,
  name: 'Toshkent Savdo Invest MChJ',
  actor: 'admin',
};
export const subscriberNumber: ViewedClient = {
  ban: '100457732',
  sn: '901234567',
  name: 'Fargʻona Tekstil AJ',
  actor: 'admin',
};

export const notFound = new ApiFailure({ kind: 'server', code: 'E018' });
export const forbidden = new ApiFailure({ kind: 'server', code: 'E005' });

export const impersonationPayloads = payloadsFor<ImpersonationEvent>({
  // a company by its BAN and a subscriber by number: the lookup is asked for what was chosen
  'impersonation.choose': [
    { type: 'impersonation.choose', target: { kind: 'ban', value: '100234561' } },
    { type: 'impersonation.choose', target: { kind: 'sn', value: '901234567' } },
  ],
  'session.synced': [
    { type: 'session.synced', client: curatorBan },
    // another client while one is viewed (another tab switched): the banner must follow
    { type: 'session.synced', client: subscriberNumber },
    { type: 'session.synced', client: null },
  ],
  'xstate.done.actor.startImpersonation': [
    { type: 'xstate.done.actor.startImpersonation', output: curatorBan },
  ],
  'xstate.error.actor.startImpersonation': [
    { type: 'xstate.error.actor.startImpersonation', error: notFound },
  ],
  'xstate.done.actor.backToHead': [{ type: 'xstate.done.actor.backToHead', output: undefined }],
  'xstate.error.actor.backToHead': [{ type: 'xstate.error.actor.backToHead', error: forbidden }],
});

export const impersonationModelEntry: ModelTestEntry = {
  id: 'impersonation',
  payloads: impersonationPayloads,
};
