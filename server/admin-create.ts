/**
 * `npm run admin:create -- --login <login> [--name <full name>] [--email <address>]`: the first administrator of a
 * database that has none (a production start seeds no account: docs/decisions.md OPS1, OPS4). One-time, run beside
 * the portal with the same environment (`PORTAL_DB`, `NODE_ENV`); it runs in the pruned install (the production
 * bundle dist-server/admin-create.js, through scripts/launch.js).
 *
 * The password comes from `ADMIN_PASSWORD`, else from standard input (its first line; typed at a terminal it is asked
 * twice and never shown). It is never an argument (a command line is visible to every user of the machine), never
 * printed and never logged. The server's own rules apply: 8-200 characters with a letter and a digit
 * (src/domain/credentials.rules.ts, E013) and not one of the common passwords (server/auth/passwords.ts, E140). An
 * existing login is refused, never overwritten. The account is active, role R000, and signs in with that password.
 */
import { parseArgs } from 'node:util';
import { isAcceptablePassword, isEmail, isValidLogin } from '../src/domain/validators.rules';
import { hashPassword, isCommonPassword } from './auth/passwords';
import { systemClock } from './clock';
import { configFromEnv, demoModeRefusal } from './config';
import { defaultDbPath } from './db/database';
import { createLogger, type Logger } from './logger';
import { prepareDatabase } from './start';
import { createActivityStore, SERVER_ACTOR } from './store/activity.store';
import { createUserStore } from './store/user.store';

export interface CreateAdminInput {
  /** the command line after `--` */
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  /** asked only when ADMIN_PASSWORD is not set */
  readPassword: () => Promise<string>;
  logger: Logger;
}

export type CreateAdminResult =
  | { ok: true; userId: number; login: string; dbPath: string }
  | { ok: false; reason: string };

const USAGE = 'usage: npm run admin:create -- --login <login> [--name <full name>] [--email <address>]';

/** Creates the administrator, or says in one line why not. */
export async function createAdmin(input: CreateAdminInput): Promise<CreateAdminResult> {
  const refuse = (reason: string): CreateAdminResult => ({ ok: false, reason });
  let values: { login?: string; name?: string; email?: string };
  try {
    ({ values } = parseArgs({
      args: [...input.args],
      options: { login: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    return refuse(`${(e as Error).message.split('\n')[0]}; ${USAGE}`);
  }
  const login = values.login?.trim() ?? '';
  if (!login) return refuse(`--login is required; ${USAGE}`);
  // the rules of the admin form and the server's user/create (admin.handlers.ts)
  if (!isValidLogin(login) || /^\d+$/.test(login))
    return refuse(
      'the login takes 3-100 Latin letters, digits, "." "_" "-", and not digits only (a number could register as it)',
    );
  const name = values.name?.trim() || null;
  if (name !== null && name.length > 200) return refuse('the name takes at most 200 characters');
  const email = values.email?.trim() || null;
  if (email !== null && !isEmail(email)) return refuse('the e-mail address is not one');

  const config = configFromEnv(input.env);
  const modeRefusal = demoModeRefusal(input.env, config.demoMode);
  if (modeRefusal) return refuse(modeRefusal);
  if (input.env.API_TARGET)
    return refuse(
      'API_TARGET is set: the accounts live in the operator backend, not in the reference database this command writes',
    );

  const password = input.env.ADMIN_PASSWORD || (await input.readPassword());
  if (!isAcceptablePassword(password))
    return refuse('the password needs 8 to 200 characters with at least one letter and one digit (E013)');
  if (isCommonPassword(password)) return refuse('the password is one of the most common passwords (E140)');

  const dbPath = defaultDbPath(input.env);
  let db: ReturnType<typeof prepareDatabase>;
  try {
    db = prepareDatabase(dbPath, input.logger, { demo: config.demoMode });
  } catch (e) {
    return refuse((e as Error).message);
  }
  try {
    const users = createUserStore(db, systemClock, createActivityStore(db, systemClock));
    if (users.byLogin(login)) return refuse(`the login ${login} exists already: nothing changed`);
    const userId = users.create(
      {
        login,
        fullName: name,
        roles: ['R000'],
        status: 'active',
        passwordHash: await hashPassword(password, config.passwordCost),
        forceChangePassword: false,
        ban: null,
        sn: null,
        email,
        phone: null,
        branchId: null,
        regionIds: [],
        createdBy: null,
      },
      SERVER_ACTOR,
    );
    input.logger.info('admin.created', { userId, role: 'R000' });
    return { ok: true, userId, login, dbPath };
  } finally {
    db.close();
  }
}

/** Reads the password: the first line of a pipe or file, or typed at a terminal without echo (asked twice). */
export async function readPasswordFromStdin(
  stdin: NodeJS.ReadStream = process.stdin,
  prompt: NodeJS.WriteStream = process.stderr,
): Promise<string> {
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Buffer));
    return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trim();
  }
  const ask = (question: string) =>
    new Promise<string>((resolve, reject) => {
      prompt.write(question);
      stdin.setRawMode(true);
      stdin.resume();
      let typed = '';
      const done = (fn: () => void) => {
        stdin.setRawMode(false);
        stdin.pause();
        stdin.off('data', onData);
        prompt.write('\n');
        fn();
      };
      const onData = (data: Buffer) => {
        for (const ch of data.toString('utf8')) {
          if (ch === '\r' || ch === '\n' || ch === '\u0004') return done(() => resolve(typed));
          if (ch === '\u0003') return done(() => reject(new Error('interrupted')));
          if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
          else if (ch >= ' ') typed += ch;
        }
      };
      stdin.on('data', onData);
    });
  const first = await ask('Password of the new administrator (not shown): ');
  const again = await ask('The same password again: ');
  if (first !== again) throw new Error('the two passwords differ: nothing changed');
  return first;
}

/** The command (scripts/launch.js admin-create). Returns the exit code. */
export async function main(args: readonly string[] = process.argv.slice(2)): Promise<number> {
  let result: CreateAdminResult;
  try {
    result = await createAdmin({
      args,
      env: process.env,
      readPassword: () => readPasswordFromStdin(),
      // the log lines (db.migrated, admin.created) go to stderr: stdout keeps the one-line answer
      logger: createLogger((line) => process.stderr.write(`${line}\n`)),
    });
  } catch (e) {
    result = { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
  if (!result.ok) {
    process.stderr.write(`admin:create: ${result.reason}\n`);
    return 1;
  }
  process.stdout.write(
    `Administrator ${result.login} created (user id ${result.userId}, role R000) in ${result.dbPath}.\n`,
  );
  return 0;
}
