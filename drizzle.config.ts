import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates and checks migrations; the app applies them itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './migrations',
  casing: 'snake_case',
});
