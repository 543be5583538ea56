// `prisma generate`, offline-safe. The Prisma CLI wants its native schema-engine
// binary at start-up and tries to download it when missing, which fails without
// network. `generate` never runs that engine, so when none is installed we point
// PRISMA_SCHEMA_ENGINE_BINARY at an existing file (the node binary) to satisfy
// the check. Where the engine is installed or configured, it is left alone.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const enginesDir = path.join(root, 'node_modules', '@prisma', 'engines');
const hasEngine = existsSync(enginesDir) && readdirSync(enginesDir).some((name) => name.startsWith('schema-engine'));

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY && !hasEngine) env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;

const result = spawnSync(path.join(root, 'node_modules', '.bin', 'prisma'), ['generate', '--config', 'prisma/prisma.config.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
