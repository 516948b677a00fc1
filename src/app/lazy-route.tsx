import { Component, type ComponentType, lazy, type ReactNode } from 'react';
import { CHUNK_TIMEOUT_MS } from '@/domain/constants';
import { loadPageMessages, loadPublicMessages } from '@/i18n/i18n';
import { ChunkFailed } from '@/views/layout/chunk-failed.view';

type Loader = () => Promise<{ default: ComponentType }>;

/** A code chunk that failed to arrive, or did not arrive within the spec's 120 s (spec 9). */
export class ChunkError extends Error {
  override readonly name = 'ChunkError';
}

/** Loads a code chunk within `timeoutMs`; a failed or late chunk rejects with a `ChunkError`. */
export async function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkError('chunk time-out')), timeoutMs);
  });
  try {
    return await Promise.race([load(), timeout]);
  } catch (error) {
    throw error instanceof ChunkError ? error : new ChunkError('chunk failed', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A code-split route view. The chunk must arrive within the spec's 120 s (spec 9); a failed or late chunk renders a
 * translated message with a reload button instead of a blank page or an uncaught error. The page's texts download
 * side by side with the chunk, and the view renders when both are in: a signed-in page's (src/i18n/page-keys.json
 * and public-keys.json) or, with `messages: 'public'`, only the public onboarding pages' (public-keys.json).
 */
export function lazyRoute(
  load: Loader,
  {
    timeoutMs = CHUNK_TIMEOUT_MS,
    messages = 'pages',
  }: { timeoutMs?: number; messages?: 'pages' | 'public' } = {},
) {
  const texts = messages === 'public' ? loadPublicMessages : loadPageMessages;
  return lazy(async () => {
    try {
      return await loadChunk(() => Promise.all([load(), texts()]).then(([view]) => view), timeoutMs);
    } catch {
      return { default: ChunkFailed };
    }
  });
}

/**
 * Around a page: a chunk the page itself waits for (the page workflows' logic, src/app/app-logic.ts) that fails or
 * is late shows the same message as a failed route chunk. Any other error is not this boundary's to hide.
 */
export class ChunkBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof ChunkError) return <ChunkFailed />;
    throw error;
  }
}
