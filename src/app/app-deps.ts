import type { DraftStore } from '@/services/drafts/draft-store';
import type { BlockRestoreServiceOptions } from './block-restore.actors';

/** What the workflows need besides the API client (the composition root's second argument: ./app-logic.ts). */
export interface AppDeps extends BlockRestoreServiceOptions {
  /**
   * where typed form data is kept across an expiry; absent: the browser's sessionStorage, the store built with the
   * signed-in pages' workflows (./page-logic.generated.ts), so the login page's script carries only the sign-out's clearing
   */
  readonly drafts?: DraftStore | undefined;
}

/** What an area's `pageLogic(api, deps)` gets: the app's deps with the draft store settled (./page-logic.generated.ts). */
export interface PageDeps extends AppDeps {
  readonly drafts: DraftStore;
}
