import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Set-up files run before each test file: applying migrations is idempotent.
await applyD1Migrations(env.DB, (env as unknown as { TEST_MIGRATIONS: Parameters<typeof applyD1Migrations>[1] }).TEST_MIGRATIONS);
