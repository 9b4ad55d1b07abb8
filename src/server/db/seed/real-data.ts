// What keeps the demo seed (seed-demo.ts) off a database it must not touch: the demo staff
// accounts, and the checks that refuse a database with leads (without --force) or with real data
// (without --force-real-data).
import { count, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { leads, users } from '../schema/index.ts';

export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO_USERS = [
  { username: 'ana.ferreira', firstName: 'Ana', lastName: 'Ferreira', email: 'ana.ferreira@example.pt', role: 'admin' },
  { username: 'joao.costa', firstName: 'João', lastName: 'Costa', email: 'joao.costa@example.pt', role: 'user' },
  { username: 'marta.santos', firstName: 'Marta', lastName: 'Santos', email: 'marta.santos@example.pt', role: 'user' },
] as const;

export class LeadsExistError extends Error {
  constructor(readonly leadCount: number) {
    super(
      `The database already has ${leadCount} leads. Run with --force to replace the business data (users are kept).`,
    );
    this.name = 'LeadsExistError';
  }
}

/** Domains of the seed's made-up customers (people.ts): a lead elsewhere, or with no e-mail, is real. */
const DEMO_EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example.pt'];

/**
 * Real data: any lead whose e-mail is not at one of the seed's example domains, or any staff account
 * other than the demo accounts and the first administrator (the one the first start creates).
 */
export async function findRealData(db: Db | Tx): Promise<{ leads: number; users: string[] }> {
  const demoEmail = sql.join(
    DEMO_EMAIL_DOMAINS.map((d) => sql`lower(${leads.email}) like ${`%@${d}`}`),
    sql` or `,
  );
  const [realLeads] = await db
    .select({ n: count() })
    .from(leads)
    .where(sql`${leads.email} is null or not (${demoEmail})`);
  const otherUsers = await db
    .select({ username: users.username })
    .from(users)
    .where(
      sql`${users.username} not in (${sql.join(
        DEMO_USERS.map((u) => sql`${u.username}`),
        sql`, `,
      )}) and ${users.id} <> (select min(id) from users)`,
    )
    .orderBy(users.id);
  return { leads: realLeads?.n ?? 0, users: otherUsers.map((u) => u.username) };
}

export class RealDataError extends Error {
  constructor(readonly found: { leads: number; users: string[] }) {
    const what = [
      found.leads ? `${found.leads} lead(s) the demo seed did not create` : null,
      found.users.length
        ? `${found.users.length} staff account(s) besides the demo ones and the first administrator (${found.users.slice(0, 5).join(', ')}${found.users.length > 5 ? ', ...' : ''})`
        : null,
    ].filter(Boolean);
    super(
      `This database holds real data: ${what.join(' and ')}. The demo seed adds made-up customers and staff ` +
        `accounts with a published password, and replaces every lead, proposal and import. Seed only a database ` +
        `you can lose. To do it anyway: npm run db:seed -- --force-real-data`,
    );
    this.name = 'RealDataError';
  }
}
