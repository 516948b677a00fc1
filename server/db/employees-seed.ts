import type { Db } from './database';
import { createRng } from './prng';

/** Its own stream of the PRNG, so the employee details never change the rest of the demo data. */
const EMPLOYEES_SEED = 20_261_124;

/** Departments of the list (EM1): every employee of a company that has employee data gets one. */
export const DEPARTMENTS = [
  'Бухгалтерия',
  'Отдел продаж',
  'Логистика',
  'IT',
  'Юридический отдел',
  'Администрация',
  'Moliya boʻlimi',
  'Savdo boʻlimi',
] as const;

/** Many companies write positions in Russian: a share of employees gets one of these instead of the Uzbek one. */
export const RU_POSITIONS = [
  'Бухгалтер',
  'Главный бухгалтер',
  'Менеджер по продажам',
  'Юрист',
  'Водитель',
  'Инженер',
  'Оператор',
  'Кладовщик',
  'Программист',
  'Секретарь',
] as const;

/**
 * Gives the seeded employees a department, and a share of them a Russian position (docs/decisions.md EM1). Only rows
 * without a department are touched, in id order, so the result is the same on every machine and a database seeded
 * before the list existed gets its details on the next start. Returns how many rows changed.
 */
export function seedEmployeeDetails(db: Db): number {
  const ids = db.prepare('SELECT id FROM employees WHERE department IS NULL ORDER BY id').all() as {
    id: number;
  }[];
  if (ids.length === 0) return 0;
  const rng = createRng(EMPLOYEES_SEED);
  const setDepartment = db.prepare('UPDATE employees SET department = ? WHERE id = ?');
  const setBoth = db.prepare('UPDATE employees SET department = ?, position = ? WHERE id = ?');
  db.transaction(() => {
    for (const { id } of ids) {
      const department = rng.pick(DEPARTMENTS);
      if (rng.chance(0.35)) setBoth.run(department, rng.pick(RU_POSITIONS), id);
      else setDepartment.run(department, id);
    }
  })();
  return ids.length;
}
