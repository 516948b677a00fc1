import { defineWorkflow } from './workflow-manifest';

export const activityLogWorkflow = defineWorkflow({
  area: 'activity-log',
  layers: {
    rules: 'activity',
    contract: 'activity',
    handler: 'activity',
    store: 'activity',
    views: 'activity',
  },
  charts: [
    {
      id: 'activityLog',
      file: 'activity-log',
      description:
        "The company's activity log (AL1-AL6): who did what in the company's account, when (Tashkent), to what, with which result and signature; range, action, user and page from the URL, refused filters said before anything is asked; CSV/XLSX export.",
    },
  ],
  pageLogic: { activityLog: 'activityLog' },
  routes: {
    '/profile/activity': '@/views/activity/activity.view#ActivityLogPage',
  },
  messages: ['activityLog'],
  // the company's activity log (docs/decisions.md AL6): whom the page opens (`mayOpenActivityLog`); the company is the
  // one in view, checked again in server/handlers/activity.handlers.ts
  pageCalls: { 'activity.list': '/profile/activity' },
});
