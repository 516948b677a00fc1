import type { ContactPair } from '../../src/domain/recovery-contact.rules';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { ActivityActor, ActivityStore } from './activity.store';

/**
 * The SQL of recovery contacts (docs/decisions.md PRC1-PRC6): the company's contact on record, the company's accounts
 * with their own contacts, and the key owner's signed change of one account's contact (a `contact.change` entry of the
 * activity log with the key and signature that authorised it, AL1).
 */
export interface CompanyAccountRow {
  id: number;
  login: string;
  fullName: string | null;
  status: string;
  email: string | null;
  phone: string | null;
  ban: string | null;
  roles: string[];
}

export function createRecoveryContactStore(db: Db, clock: Clock, activity: ActivityStore) {
  const company = db.prepare(
    'SELECT email_address AS email, phone_number AS phone FROM companies WHERE ban = ?',
  );
  const accounts =
    db.prepare(`SELECT u.id, u.login, u.full_name AS fullName, u.status, u.email, u.phone, u.ban,
      (SELECT group_concat(role, ',') FROM (SELECT role FROM user_roles WHERE user_id = u.id ORDER BY position)) AS roles
    FROM users u WHERE u.ban = ? ORDER BY u.login COLLATE NOCASE`);
  const setContact = db.prepare(
    'UPDATE users SET email = @email, phone = @phone, updated_at = @now WHERE id = @id',
  );

  return {
    /** The company's contact on record (Settings → contact data, kept by its curator or key owner). */
    companyContact(ban: string): ContactPair | null {
      return (company.get(ban) as ContactPair | undefined) ?? null;
    },

    /** Every account bound to the BAN with its roles in order (the handler keeps the client accounts). */
    accountsOf(ban: string): CompanyAccountRow[] {
      return (accounts.all(ban) as (Omit<CompanyAccountRow, 'roles'> & { roles: string | null })[]).map(
        (r) => ({
          ...r,
          roles: r.roles ? r.roles.split(',') : [],
        }),
      );
    },

    /** Sets the account's contact and logs which fields changed and under which signature, in one transaction. */
    setContact(
      account: { id: number; login: string; ban: string },
      contact: ContactPair,
      fields: readonly string[],
      actor: ActivityActor,
      signature: { id: number; keySerial: string },
    ) {
      db.transaction(() => {
        setContact.run({ id: account.id, email: contact.email, phone: contact.phone, now: clock.now() });
        activity.append({
          ban: account.ban,
          actor,
          action: 'contact.change',
          targets: [{ kind: 'user', id: account.login }],
          keySerial: signature.keySerial,
          signatureId: signature.id,
          detail: { fields, signature: signature.id },
        });
      })();
    },
  };
}

export type RecoveryContactStore = ReturnType<typeof createRecoveryContactStore>;
