import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { adminUsers } from '~/db/schema';
import { type AdminRole } from '~/shared/domain';
import { openDatabase, type DatabaseHandle } from '~/db/client';
import { DataDirInUseError } from '~/db/data-dir-lock';
import { EnvError, parseEnv, type Env } from '~/server/env';
import { AppError } from '~/server/errors';
import { migrationsDir, resolveDataDir } from '~/server/lib/paths';
import { changeAdminPassword } from './change-admin-password';
import { countAdminUsers, createAdminUser } from './create-admin-user';
import { readHiddenLine, type PromptStreams } from './read-hidden-line';
import { resetSecondFactor } from './reset-second-factor';
import { secondFactorsOf } from './second-factors';
import { newPasswordField, roleField, usernameField } from '~/shared/schemas/admin';

export interface CliIo extends PromptStreams {
  env: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
  /** Tests hand in their own database; otherwise it is opened from the settings, as the server does. */
  openDatabase?(env: Env): Promise<DatabaseHandle>;
}

const usage = `Usage:
  npm run admin:create -- --username NAME [--role owner|admin]
  npm run admin:password -- --username NAME [--reset-second-factor]

The password is read from ADMIN_PASSWORD, or asked for twice when run in a terminal.
--reset-second-factor also removes the account's authenticator app, passkeys and recovery
codes (a lost phone or key); without it they stay.`;

class CliError extends Error {}

function firstMessage(error: { issues: { message: string }[] }) {
  return error.issues[0]?.message ?? 'Invalid value';
}

async function defaultOpenDatabase(env: Env) {
  return env.DATABASE_URL
    ? openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 1 })
    : openDatabase({ dataDir: resolveDataDir(env.DATA_DIR), purpose: 'an admin command' });
}

/** Who has the embedded database, and what to do about it. */
function inUseMessage(error: DataDirInUseError) {
  const what = error.holder.purpose.includes('server')
    ? 'Stop the server, run this command again, then start the server again'
    : 'Wait for it to finish, then run this command again';
  return [
    `${error.message} ${what}: two programs must not open the embedded database at once. Nothing was changed.`,
    `(With PostgreSQL, DATABASE_URL, these commands run alongside the server. If that process is no longer running, delete ${error.lockFile}.)`,
  ].join('\n');
}

/** From ADMIN_PASSWORD, or typed twice at a terminal; checked against the length rule. */
async function readPassword(io: CliIo): Promise<string> {
  let password = io.env.ADMIN_PASSWORD;
  if (password === undefined || password === '') {
    if (!io.stdin.isTTY) {
      throw new CliError(
        'No password given: set ADMIN_PASSWORD, or run the command in a terminal to type it.',
      );
    }
    password = await readHiddenLine('New password: ', io);
    const again = await readHiddenLine('Repeat it: ', io);
    if (password !== again) throw new CliError('The two passwords differ. Nothing was changed.');
  }
  const checked = newPasswordField.safeParse(password);
  if (!checked.success) throw new CliError(firstMessage(checked.error));
  return checked.data;
}

async function findUser(db: DatabaseHandle['db'], username: string) {
  const [user] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(adminUsers.username, username));
  return user;
}

/** "the authenticator app, 2 passkeys and 10 unused recovery codes"; '' for nothing. */
function describeFactors({
  totp,
  passkeys,
  recoveryCodes,
}: {
  totp: boolean;
  passkeys: number;
  recoveryCodes: number;
}) {
  const parts = [
    ...(totp ? ['the authenticator app'] : []),
    ...(passkeys > 0 ? [`${passkeys} passkey${passkeys === 1 ? '' : 's'}`] : []),
    ...(recoveryCodes > 0
      ? [`${recoveryCodes} unused recovery code${recoveryCodes === 1 ? '' : 's'}`]
      : []),
  ];
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * `create --username NAME [--role owner|admin]` and `password --username NAME
 * [--reset-second-factor]`. Opens the
 * database from the same settings as the server and applies migrations. Returns the exit code;
 * never prints the password.
 */
export async function runAdminCli(argv: string[], io: CliIo): Promise<number> {
  let database: DatabaseHandle | undefined;
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          username: { type: 'string' },
          role: { type: 'string' },
          'reset-second-factor': { type: 'boolean' },
        },
      });
    } catch (error) {
      throw new CliError(`${(error as Error).message}\n\n${usage}`);
    }
    const [command, ...extra] = parsed.positionals;
    if ((command !== 'create' && command !== 'password') || extra.length > 0) {
      throw new CliError(usage);
    }
    const username = usernameField.safeParse(parsed.values.username ?? '');
    if (!username.success) throw new CliError(firstMessage(username.error));
    let role: AdminRole | undefined;
    if (parsed.values.role !== undefined) {
      if (command !== 'create') throw new CliError('--role is for admin:create only.');
      const checked = roleField.safeParse(parsed.values.role);
      if (!checked.success) throw new CliError(firstMessage(checked.error));
      role = checked.data;
    }
    const resetFactor = parsed.values['reset-second-factor'] === true;
    if (resetFactor && command !== 'password') {
      throw new CliError('--reset-second-factor is for admin:password only.');
    }
    const env = parseEnv(io.env);

    database = await (io.openDatabase ?? defaultOpenDatabase)(env);
    await database.migrate(migrationsDir);
    const { db } = database;
    const name = username.data;
    const existing = await findUser(db, name);
    const context = { actor: null, ip: null, now: new Date() };

    if (command === 'create') {
      if (existing) {
        throw new CliError(
          `An administrator named "${name}" already exists. To set a new password: npm run admin:password -- --username ${name}`,
        );
      }
      const password = await readPassword(io);
      const chosenRole = role ?? ((await countAdminUsers(db)) === 0 ? 'owner' : 'admin');
      await createAdminUser(db, { username: name, password, role: chosenRole }, context);
      io.out(`Created ${chosenRole} "${name}". Sign in at /admin.`);
      return 0;
    }

    if (!existing) throw new CliError(`No administrator named "${name}".`);
    const password = await readPassword(io);
    const { sessionsEnded } = await changeAdminPassword(db, { username: name, password }, context);
    io.out(
      `Password changed for "${name}"; ${sessionsEnded} signed-in session${sessionsEnded === 1 ? '' : 's'} ended.`,
    );
    if (resetFactor) {
      const { removed, required } = await resetSecondFactor(db, name, context);
      const what = describeFactors(removed);
      io.out(what ? `Second factor removed: ${what}.` : 'There was no second factor to remove.');
      io.out(
        required
          ? `This site requires a second factor: "${name}" will set up a new one right after signing in with the password.`
          : `"${name}" now signs in with the password alone and can set up a new second factor under Account Security.`,
      );
    } else {
      const kept = describeFactors({
        ...(await secondFactorsOf(db, existing.id)),
        recoveryCodes: 0,
      });
      if (kept) {
        io.out(
          `The second factor was kept (${kept}). If it was lost, run this again with --reset-second-factor.`,
        );
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      io.err(inUseMessage(error));
      return 1;
    }
    if (error instanceof CliError || error instanceof EnvError || error instanceof AppError) {
      io.err(error.message);
      return 1;
    }
    if (error instanceof Error && error.message === 'cancelled') {
      io.err('Cancelled. Nothing was changed.');
      return 1;
    }
    throw error;
  } finally {
    await database?.close();
  }
}
