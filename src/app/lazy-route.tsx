import { type ComponentType, lazy } from 'react';
import { CHUNK_TIMEOUT_MS } from '@/domain/constants';
import { ChunkFailed } from '@/views/layout/chunk-failed.view';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * A code-split route view. The chunk must arrive within the spec's 120 s (spec 9); a failed or late chunk renders a
 * translated message with a reload button instead of a blank page or an uncaught error.
 */
export function lazyRoute(load: Loader, timeoutMs = CHUNK_TIMEOUT_MS) {
  return lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('chunk time-out')), timeoutMs);
    });
    try {
      return await Promise.race([load(), timeout]);
    } catch {
      return { default: ChunkFailed };
    } finally {
      clearTimeout(timer);
    }
  });
}
