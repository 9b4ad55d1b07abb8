// Adds many leads for benchmarks: npm run db:seed-bench [-- --count 100000]
import { sql } from 'drizzle-orm';
import { openMigratedDbFromEnv } from '#server/db/seed/open-from-env.ts';
import { seedBench } from '#server/db/seed/seed-bench.ts';

function parseCount(args: string[]): number {
  let count = 100_000;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = arg === '--count' ? args[++i] : arg.startsWith('--count=') ? arg.slice('--count='.length) : undefined;
    if (value === undefined) {
      console.error(`Unknown argument: ${arg}\nUsage: tsx scripts/seed-bench.ts [--count N]`);
      process.exit(2);
    }
    count = Number(value);
    if (!Number.isInteger(count) || count < 1) {
      console.error(`--count needs a positive whole number, got '${value}'`);
      process.exit(2);
    }
  }
  return count;
}

const count = parseCount(process.argv.slice(2));
const { database, where } = await openMigratedDbFromEnv();
try {
  console.log(`Adding ${count} benchmark leads to ${where}`);
  const started = performance.now();
  const result = await seedBench(database.db, {
    count,
    onProgress: (n) => console.log(`  ${n} leads (${((performance.now() - started) / 1000).toFixed(1)} s)`),
  });
  const seconds = (performance.now() - started) / 1000;
  // Planner statistics now rather than when autovacuum gets to the new rows.
  await database.db.execute(sql`analyze`);
  console.log(
    `Inserted ${result.leads} leads and ${result.timelineEntries} timeline entries in ${seconds.toFixed(1)} s ` +
      `(${Math.round(result.leads / seconds)} leads/s).`,
  );
} finally {
  await database.close();
}
