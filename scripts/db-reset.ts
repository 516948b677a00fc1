/** `npm run db:reset`: throws the demo database away and seeds a fresh one (PORTAL_DB or the default path). */
import { defaultDbPath } from '../server/db/database';
import { DEMO_PASSWORD, demoAccountLines } from '../server/db/demo-accounts';
import { resetDatabase } from '../server/db/reset';

const path = defaultDbPath();
// dated today, as `npm start` seeds a new database: the demo's debt, documents and activity log fall in the pages'
// default ranges (the last 30 days), not around a fixed day
const { db, summary } = resetDatabase(path, { debtAsOf: Date.now() });
db.close();
process.stdout.write(
  [
    `Database reset: ${path}`,
    `  ${summary.companies} companies, ${summary.numbers} numbers, ${summary.employees} employees, ${summary.users} users (${summary.ms} ms)`,
    `  Demo logins (password ${DEMO_PASSWORD}):`,
    ...demoAccountLines(),
    '',
  ].join('\n'),
);
