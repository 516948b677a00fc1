import { createContext } from 'react';
import type { BlockRestoreMachine } from '@/machines/block-restore.machine';

/**
 * The block/restore chart with its real actors, provided once by the composition root
 * (`createBlockRestoreLogic(api)` in src/app/block-restore.services.ts). Tests provide the same chart with fakes.
 * Each `StatusToggle` starts its own actor from it.
 */
export const BlockRestoreLogicContext = createContext<BlockRestoreMachine | null>(null);
