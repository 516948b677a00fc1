import type { DraftStore } from '@/services/drafts/draft-store';
import type { BlockRestoreServiceOptions } from './block-restore.services';

/** What the workflows need besides the API client (the composition root's second argument: ./app-logic.ts). */
export interface AppDeps extends BlockRestoreServiceOptions {
  /** where typed form data is kept across an expiry (the browser's sessionStorage in production) */
  readonly drafts: DraftStore;
}
