import type { z } from 'zod';
import type { ProfileFacts } from '../../src/domain/roles.rules';
import type { profileSchema } from '../../src/services/contract/session.contract';
import type { Db } from '../db/database';
import type { BlockStore } from './block.store';

/** A profile as the server sends it (the contract's input shape). */
export type ProfileWire = z.input<typeof profileSchema>;

interface CompanyRaw {
  ban: string;
  name: string;
  tin: string;
  at: number;
  status: string;
  can_buy_number: number;
  balance: number;
  budget: number | null;
  unbilled_amnt: number | null;
  branch_id: number | null;
  branch_name: string | null;
  branch_region: number | null;
  region_id: number | null;
  region_name: string | null;
  phone_number: string | null;
  email_address: string | null;
  feedback_type: string | null;
}

interface NumberRaw {
  sn: string;
  ban: string;
  status: string;
  balance: number;
  budget: number | null;
}

/**
 * Profiles (spec 3 "Profile") of a BAN or of a number, built from the companies / numbers / employees tables.
 * - BAN profile: the company's type, status, finances (balance, company budget, unbilled amount for type 16),
 *   `employee_data` when it has employees (dispatcher), can_buy_number, branch and region.
 * - Number profile: the company's type and branch, the line's own status and finances (balance, mobile budget).
 */
export function createProfileStore(db: Db, block: Pick<BlockStore, 'pendingOf'>) {
  const company =
    db.prepare(`SELECT c.*, b.name AS branch_name, b.region_id AS branch_region, r.name AS region_name
    FROM companies c LEFT JOIN branches b ON b.id = c.branch_id LEFT JOIN regions r ON r.id = c.region_id
    WHERE c.ban = ?`);
  const number = db.prepare('SELECT sn, ban, status, balance, budget FROM numbers WHERE sn = ?');
  const employees = db.prepare('SELECT COUNT(*) AS total FROM employees WHERE ban = ?');
  const contacts = db.prepare(
    'UPDATE companies SET phone_number = ?, email_address = ?, feedback_type = ? WHERE ban = ?',
  );

  const companyRow = (ban: string) => company.get(ban) as CompanyRaw | undefined;

  const common = (c: CompanyRaw) => ({
    at: c.at,
    ban: c.ban,
    ban_data: { status: c.status },
    can_buy_number: c.can_buy_number === 1,
    branches:
      c.branch_id == null ? [] : [{ id: c.branch_id, name: c.branch_name, regionId: c.branch_region }],
    regions: c.region_id == null ? [] : [{ id: c.region_id, name: c.region_name }],
    feedback_type: c.feedback_type,
    email_address: c.email_address,
    company_name: c.name,
    tin: c.tin,
  });

  return {
    exists: (ban: string) => companyRow(ban) !== undefined,
    numberExists: (sn: string) => number.get(sn) !== undefined,
    /** the BAN of a number, or undefined */
    banOf: (sn: string) => (number.get(sn) as NumberRaw | undefined)?.ban,
    companyStatus: (ban: string) => companyRow(ban)?.status,

    banProfile(ban: string): ProfileWire | undefined {
      const c = companyRow(ban);
      if (!c) return undefined;
      const { total } = employees.get(ban) as { total: number };
      return {
        ...common(c),
        sn: null,
        status: c.status,
        fin_data: {
          balance: c.balance,
          budget: c.budget,
          unbilled_amnt: c.at === 16 ? c.unbilled_amnt : null,
        },
        employee_data: total > 0 ? { total } : null,
        phone_number: c.phone_number,
        // U9: a block or restore of the account that waits to take effect (the status widget says so after a reload)
        block_pending: block.pendingOf({ ban, sn: null }),
      };
    },

    snProfile(sn: string): ProfileWire | undefined {
      const n = number.get(sn) as NumberRaw | undefined;
      const c = n && companyRow(n.ban);
      if (!n || !c) return undefined;
      return {
        ...common(c),
        sn: n.sn,
        status: n.status,
        can_buy_number: false,
        fin_data: { balance: n.balance, budget: n.budget, unbilled_amnt: null },
        employee_data: null,
        phone_number: `998${n.sn}`,
        block_pending: block.pendingOf({ ban: n.ban, sn: n.sn }),
      };
    },

    /** Saves the company's contact data (it lives on the company, the BAN); a blank phone or e-mail is stored as none. */
    saveContacts(
      ban: string,
      c: { phone_number: string; email_address: string; feedback_type: string | null },
    ): void {
      contacts.run(c.phone_number.trim() || null, c.email_address.trim() || null, c.feedback_type, ban);
    },
  };
}

export type ProfileStore = ReturnType<typeof createProfileStore>;

/** What the domain rules need of a wire profile. */
export function profileFacts(p: ProfileWire | null | undefined): ProfileFacts | null {
  if (!p) return null;
  const budget = p.fin_data?.budget;
  return {
    at: p.at,
    canBuyNumber: p.can_buy_number === true,
    hasEmployeeData: p.employee_data != null,
    budget: budget == null ? null : Number(budget),
    status: p.status ?? null,
  };
}
