// Fills a database with a living demo business: npm run db:seed [-- --force | --force-real-data]
import { sql } from 'drizzle-orm';
import { openMigratedDbFromEnv } from '#server/db/seed/open-from-env.ts';
import { DEMO_PASSWORD, DEMO_USERS, LeadsExistError, RealDataError } from '#server/db/seed/real-data.ts';
import { seedDemo } from '#server/db/seed/seed-demo.ts';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--force' && a !== '--force-real-data');
if (unknown.length) {
  console.error(
    `Unknown argument(s): ${unknown.join(' ')}\nUsage: tsx scripts/seed-demo.ts [--force | --force-real-data]`,
  );
  process.exit(2);
}

const started = performance.now();
const { database, where, env } = await openMigratedDbFromEnv();
try {
  console.log(`Seeding demo data into ${where}`);
  const s = await seedDemo(database.db, {
    force: args.includes('--force'),
    forceRealData: args.includes('--force-real-data'),
    // Proposal links in the demo e-mails point at the local app unless PUBLIC_URL names the real site.
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  });
  console.log(
    [
      `  leads            ${s.leads} (${s.timelineEntries} timeline entries, ${s.leadViews} views)`,
      `  proposals        ${s.proposals} (${s.photos} photos)`,
      `  suppliers        ${s.suppliers}`,
      `  imports          ${s.imports} (${s.importCosts} costs)`,
      `  notifications    ${s.notifications} for ${s.staff} staff users`,
      `  email templates  ${s.emailTemplates} added`,
      `  settings         ${s.settingsAdded} defaults added`,
    ].join('\n'),
  );
  console.log('\nDemo staff accounts (existing accounts keep their passwords):');
  for (const u of DEMO_USERS) {
    const state = s.usersCreated.includes(u.username) ? 'created' : 'already existed';
    console.log(`  ${u.username.padEnd(14)} ${DEMO_PASSWORD}  (${u.role}, ${state})`);
  }
  // Planner statistics now rather than when autovacuum gets to the new rows.
  await database.db.execute(sql`analyze`);
  console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (err) {
  if (err instanceof LeadsExistError || err instanceof RealDataError) {
    console.error(err.message);
    process.exitCode = 1;
  } else {
    throw err;
  }
} finally {
  await database.close();
}
