/**
 * `npm run user -- reset-link EMAIL` and `npm run user -- create-admin EMAIL`: the
 * operator's way in, on the database the server uses (DATA_DIR or DATABASE_URL). Both
 * print a single-use link to set a password, so no password passes through the shell or
 * its history.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../db/connection';
import { insertAuditEntry } from './data/audit';
import { uniqueId } from './data/ids';
import { addMembership } from './data/memberships';
import { createPasswordReset, RESET_LINK_SECONDS } from './data/password-resets';
import { findUserForLogin, insertUser } from './data/users';
import { LOCKED_PASSWORD_HASH } from './data/admin-tables';
import { ConfigError, loadConfig } from './config';
import { emailField } from './http/validate';
import { generateVapidPair } from './push/vapid';

const USAGE = `Usage: npm run user -- <command> <email>

  reset-link <email>     print a link that sets a new password for this account
  create-admin <email>   make this account a super admin (creating it if need be)
                         and print a link that sets its password

Links work once, for ${RESET_LINK_SECONDS / 60} minutes, and start with PUBLIC_URL.`;

/** Exit codes: 0 done, 1 failed, 2 wrong usage. */
export async function main(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
  printError: (line: string) => void = console.error,
): Promise<number> {
  const [command, address, ...rest] = args;
  if (command === '--help' || command === '-h') {
    print(USAGE);
    return 0;
  }
  if ((command !== 'reset-link' && command !== 'create-admin') || address === undefined || rest.length > 0) {
    printError(
      `${command === undefined ? 'Missing the command' : `Unknown usage: ${args.join(' ')}`}\n\n${USAGE}`,
    );
    return 2;
  }
  const email = emailField.safeParse(address);
  if (!email.success) {
    printError(`Not an email address: ${address}`);
    return 2;
  }
  let config;
  try {
    // Only the database and PUBLIC_URL are needed: placeholders keep loadConfig from
    // generating and writing a token secret and push keys.
    const vapid = generateVapidPair();
    config = loadConfig({
      ...env,
      JWT_SECRET: 'x'.repeat(32),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      printError(error.message);
      return 1;
    }
    throw error;
  }
  const connection = await openStore({
    databaseUrl: config.databaseUrl ?? undefined,
    file: config.databaseFile,
  });
  try {
    const now = new Date();
    let link = '';
    let created = false;
    let problem: string | null = null;
    await connection.db.transaction().execute(async (db) => {
      let user = await findUserForLogin(db, email.data);
      if (!user && command === 'reset-link') {
        problem = `No account has the address ${email.data}`;
        return;
      }
      if (!user) {
        const name = email.data.split('@')[0] || 'Administrator';
        const id = await uniqueId(db, name);
        await insertUser(db, {
          id,
          name,
          email: email.data,
          user_type: 'fan',
          team_id: null,
          password_hash: LOCKED_PASSWORD_HASH,
          created_at: now.toISOString(),
        });
        created = true;
        user = await findUserForLogin(db, email.data);
      }
      if (!user) throw new Error('the account just created cannot be read back');
      if (command === 'create-admin') {
        await addMembership(db, user.id, {
          role: 'super_admin',
          league_id: null,
          team_id: null,
          player_id: null,
        });
      }
      const reset = await createPasswordReset(db, user.id, now);
      await insertAuditEntry(db, {
        at: now.toISOString(),
        userId: user.id,
        action: command === 'create-admin' ? 'cli.create_admin' : 'cli.reset_link',
        entity: 'user',
        entityId: user.id,
      });
      link = `${config.publicUrl}/reset-password?token=${reset.token}`;
    });
    if (problem !== null) {
      printError(problem);
      return 1;
    }
    if (command === 'create-admin') {
      print(created ? `Created ${email.data} as a super admin.` : `${email.data} is a super admin.`);
    }
    print(`Open this link within ${RESET_LINK_SECONDS / 60} minutes to set the password (it works once):`);
    print(link);
    return 0;
  } finally {
    await connection.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exitCode = await main(process.argv.slice(2));
}
