import { defineWorkflow } from './workflow-manifest';

export const recoveryContactWorkflow = defineWorkflow({
  area: 'recovery-contact',
  charts: [
    {
      id: 'recoveryContact',
      file: 'recovery-contact',
      description:
        "The key owner's recovery contacts of the company's accounts (PRC4-PRC8): list, choose an account, the new e-mail/phone, E-IMZO signature of exactly that change (child chart signing), saved once; a pending account's activation link goes to the new contact.",
    },
  ],
  pageLogic: { recoveryContact: 'recoveryContact' },
  routes: {
    '/settings/users': '@/views/recovery-contact/recovery-contact.view#RecoveryContactPage',
  },
  messages: ['recoveryContact'],
  // the key owner's recovery contacts of the company's accounts (docs/decisions.md PRC4, PRC6); the company is the
  // caller's own, each account and each signed change checked in server/handlers/recovery-contact.handlers.ts
  pageCalls: {
    'recovery.accounts': '/settings/users',
    'recovery.setContact': '/settings/users',
  },
});
