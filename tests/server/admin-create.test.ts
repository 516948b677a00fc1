/**
 * `npm run admin:create` makes the first administrator of a production database (docs/decisions.md
 * OPS4): an active R000 account that signs in, with a password the server's own rules accept, never echoed or logged.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { type CreateAdminResult, createAdmin, readPasswordFromStdin } from '../../server/admin-create';
import { openDatabase } from '../../server/db/database';
import { createMemoryLogger, silentLogger } from '../../server/logger';
import { prepareDatabase } from '../../server/start';
import { createHarness, TEST_COST } from './harness';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDb = () => {
  const d = mkdtempSync(join(tmpdir(), 'portal-admin-'));
  dirs.push(d);
  return join(d, 'portal.db');
};

const PASSWORD = 'Qx7-ops-first-admin';

async function run(args: string[], env: NodeJS.ProcessEnv, password = PASSWORD) {
  const logger = createMemoryLogger();
  let asked = 0;
  const result = await createAdmin({
    args,
    env: { NODE_ENV: 'production', ...env },
    readPassword: async () => {
      asked++;
      return password;
    },
    logger,
  });
  return { result, logs: logger.lines, asked };
}

const failed = (r: CreateAdminResult) => (r.ok ? '' : r.reason);

describe('admin:create', () => {
  it('creates an active R000 account on an empty production database, which signs in', async () => {
    const path = tempDb();
    const { result, logs, asked } = await run(
      ['--login', 'boss', '--name', 'Bosh Admin', '--email', 'it@b2b.example.uz'],
      {
        PORTAL_DB: path,
      },
    );
    expect(result).toMatchObject({ ok: true, login: 'boss', dbPath: path });
    expect(asked).toBe(1);
    expect(logs.join('\n')).not.toContain(PASSWORD);

    const db = openDatabase(path);
    const h = createHarness({ db });
    const agent = h.agent();
    const login = await agent.login('boss', PASSWORD);
    expect(login.status).toBe('OKOK');
    expect(login.result).toMatchObject({ roles: ['R000'] });
    expect(db.prepare("SELECT status, full_name, email FROM users WHERE login = 'boss'").get()).toEqual({
      status: 'active',
      full_name: 'Bosh Admin',
      email: 'it@b2b.example.uz',
    });
    // the only account: no demo data came with it
    expect(db.prepare('SELECT COUNT(*) AS n FROM users').get()).toEqual({ n: 1 });
    expect(h.logs.join('\n')).not.toContain(PASSWORD);
    db.close();
  });

  it('takes ADMIN_PASSWORD without asking', async () => {
    const { result, asked } = await run(
      ['--login', 'boss'],
      { PORTAL_DB: tempDb(), ADMIN_PASSWORD: PASSWORD },
      '',
    );
    expect(result.ok).toBe(true);
    expect(asked).toBe(0);
  });

  it.each([
    ['short', 'Ab1', /E013/],
    ['no digit', 'only-letters-here', /E013/],
    ['common', 'password1', /E140/],
  ])('refuses a %s password and writes nothing', async (_what, password, reason) => {
    const path = tempDb();
    const { result } = await run(['--login', 'boss'], { PORTAL_DB: path }, password);
    expect(failed(result)).toMatch(reason);
    expect(failed(result)).not.toContain(password);
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a login that exists, leaving that account as it was', async () => {
    const path = tempDb();
    expect((await run(['--login', 'boss'], { PORTAL_DB: path })).result.ok).toBe(true);
    const { result } = await run(['--login', 'BOSS'], { PORTAL_DB: path }, 'Other-pass-2026');
    expect(failed(result)).toMatch(/exists already/);
    const db = openDatabase(path);
    expect((await createHarness({ db }).agent().login('boss', PASSWORD)).status).toBe('OKOK');
    db.close();
  });

  it.each([
    [[], /--login is required/],
    [['--login', 'ab'], /3-100 Latin letters/],
    [['--login', '901234567'], /not digits only/],
    [['--login', 'boss', '--email', 'not-an-address'], /e-mail/],
    [['--login', 'boss', '--password', 'x'], /Unknown option '--password'/],
  ])('refuses the arguments %j', async (args, reason) => {
    const { result, asked } = await run(args, { PORTAL_DB: tempDb() });
    expect(failed(result)).toMatch(reason);
    expect(asked).toBe(0);
  });

  it('refuses with API_TARGET (the accounts are the operator backend’s) and in a refused demo mode', async () => {
    expect(
      failed(
        (await run(['--login', 'boss'], { PORTAL_DB: tempDb(), API_TARGET: 'https://b2b.example.uz' }))
          .result,
      ),
    ).toMatch(/API_TARGET/);
    expect(failed((await run(['--login', 'boss'], { PORTAL_DB: tempDb(), DEMO_MODE: '1' })).result)).toMatch(
      /DEMO_MODE is on while NODE_ENV=production/,
    );
  });

  it('refuses a production database holding the demo data', async () => {
    const path = tempDb();
    prepareDatabase(path, silentLogger, {
      demo: true,
      seed: { passwordCost: TEST_COST, extraUsers: 5, extraCompanies: 1 },
    }).close();
    expect(failed((await run(['--login', 'boss'], { PORTAL_DB: path })).result)).toMatch(
      /holds the demo data/,
    );
  });

  it('reads the first line of a pipe as the password', async () => {
    const stdin = Readable.from([Buffer.from(`${PASSWORD}\nsecond line\n`)]) as unknown as NodeJS.ReadStream;
    expect(await readPasswordFromStdin(stdin)).toBe(PASSWORD);
  });

  it('npm run admin:create reads the password from standard input and never prints it', () => {
    const path = tempDb();
    const env: NodeJS.ProcessEnv = { ...process.env, PORTAL_DB: path, DEMO_MODE: '0' };
    delete env.NODE_ENV;
    delete env.ADMIN_PASSWORD;
    const run = spawnSync(process.execPath, ['scripts/launch.js', 'admin-create', '--login', 'first.admin'], {
      env,
      input: `${PASSWORD}\n`,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).not.toMatch(/admin:create:/);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^Administrator first\.admin created \(user id 1, role R000\)/);
    expect(`${run.stdout}${run.stderr}`).not.toContain(PASSWORD);
    const again = spawnSync(
      process.execPath,
      ['scripts/launch.js', 'admin-create', '--login', 'first.admin'],
      {
        env,
        input: `${PASSWORD}\n`,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe('admin:create: the login first.admin exists already: nothing changed');
  }, 120_000);
});
