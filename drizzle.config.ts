import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/core/server/db/schema.ts',
  out: './src/core/server/db/migrations',
});
