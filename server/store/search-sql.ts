import { searchFold } from '../../src/domain/employees.rules';
import type { Db } from '../db/database';

/**
 * How the stores search employees' names and numbers in SQL, by the domain's rules (src/domain/employees.rules.ts
 * `employeesSearch` reads the text, `searchFold` compares names): one home, so the employee list and the services
 * page find the same people for the same text.
 */

/** A LIKE pattern that finds `text` anywhere, its own %, _ and \ taken literally (used with `ESCAPE '\'`). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Registers `search_fold` on the database: the domain's fold (any script's case, every apostrophe as one) in SQL,
 * so a name is compared as `search_fold(full_name) LIKE containing(searchFold(text))` (EM3). Idempotent: every store
 * that searches names registers it on its database.
 */
export function registerSearchFold(db: Db): void {
  db.function('search_fold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? searchFold(text) : text,
  );
}
