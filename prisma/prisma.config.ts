// Prisma CLI configuration. The CLI is only used here for `prisma generate`
// (offline-safe) and, where its schema engine can be downloaded,
// `prisma migrate deploy`; the app applies the same migration files itself
// (server/db/migrate.ts).
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'schema.prisma',
  migrations: { path: 'migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/opennest' },
});
