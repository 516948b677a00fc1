/**
 * The simulator's password window: create_pkcs7 requests wait here until the control page (or a test) answers with
 * the key's password, cancels, or the module's time-out closes the window. A caller that leaves drops its request.
 */
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import type { PendingSignature } from './control-page';
import type { WireReply } from './protocol';
import type { AnswerResult } from './simulator-net';

interface Entry<K> {
  info: PendingSignature;
  key: K;
  content: Buffer;
  finish: (reply: WireReply) => void;
  timer: NodeJS.Timeout;
}

/** How the queue turns an answer into the module's reply (the simulator knows keys and builds). */
export interface PasswordReplies<K> {
  /** the key's password */
  passwordOf(key: K): string;
  /** the signature, once the right password is typed */
  sign(key: K, content: Buffer, detached: boolean): WireReply;
  /** 6.x builds ask again after a wrong password; older ones fail at once */
  asksAgain(): boolean;
  /** the reply of an old build to a wrong password */
  badPadding(): WireReply;
  /** the reply when the window is closed */
  cancelled(): WireReply;
}

export function createPasswordQueue<K>(replies: PasswordReplies<K>, log: (line: string) => void) {
  const entries = new Map<string, Entry<K>>();
  const events = new EventEmitter();

  return {
    /** Opens the window for one request; resolves with the module's reply. */
    wait(
      info: PendingSignature,
      key: K,
      content: Buffer,
      socket: WebSocket,
      timeoutMs: number,
    ): Promise<WireReply> {
      const { id } = info;
      return new Promise((resolve) => {
        const finish = (reply: WireReply) => {
          const entry = entries.get(id);
          if (!entry) return;
          clearTimeout(entry.timer);
          entries.delete(id);
          socket.off('close', onSocketClose);
          resolve(reply);
        };
        const onSocketClose = () => {
          // The page went away while the password window was open: the module closes the window.
          const entry = entries.get(id);
          if (entry) {
            clearTimeout(entry.timer);
            entries.delete(id);
            log(`create_pkcs7 ${id}: caller left`);
          }
        };
        const timer = setTimeout(() => finish(replies.cancelled()), timeoutMs);
        timer.unref();
        socket.on('close', onSocketClose);
        entries.set(id, { info, key, content, finish, timer });
        log(`create_pkcs7 ${id}: waiting for the password of key ${info.serialNumber}`);
        events.emit('pending', info);
      });
    },

    list(): PendingSignature[] {
      return [...entries.values()].map((p) => ({ ...p.info }));
    },

    answer(id: string, password: string): AnswerResult {
      const entry = entries.get(id);
      if (!entry) return { outcome: 'unknownRequest' };
      if (password === replies.passwordOf(entry.key)) {
        entry.finish(replies.sign(entry.key, entry.content, entry.info.detached));
        return { outcome: 'signed' };
      }
      entry.info.triesLeft -= 1;
      if (!replies.asksAgain()) {
        entry.finish(replies.badPadding());
        return { outcome: 'wrongPassword', triesLeft: 0 };
      }
      if (entry.info.triesLeft <= 0) {
        entry.finish(replies.cancelled());
        return { outcome: 'cancelled', triesLeft: 0 };
      }
      entry.info.lastError = 'wrongPassword';
      return { outcome: 'wrongPassword', triesLeft: entry.info.triesLeft };
    },

    cancel(id: string): boolean {
      const entry = entries.get(id);
      if (!entry) return false;
      entry.finish(replies.cancelled());
      return true;
    },

    /** The first waiting request, or the next one to arrive within `timeoutMs`. */
    next(timeoutMs = 10_000): Promise<PendingSignature> {
      const first = [...entries.values()][0];
      if (first) return Promise.resolve({ ...first.info });
      return new Promise((resolve, reject) => {
        const onPending = (info: PendingSignature) => {
          clearTimeout(timer);
          resolve({ ...info });
        };
        const timer = setTimeout(() => {
          events.off('pending', onPending);
          reject(new Error('no signing request arrived'));
        }, timeoutMs);
        events.once('pending', onPending);
      });
    },

    /** Drops every waiting request (the simulator closes). */
    clear(): void {
      for (const entry of entries.values()) clearTimeout(entry.timer);
      entries.clear();
    },
  };
}
