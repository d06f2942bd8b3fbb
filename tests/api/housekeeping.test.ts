import { env, exports } from 'cloudflare:workers';
import { createScheduledController } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from './api-worker.ts';
import { SITE, seedFixtures } from './fixtures.ts';

beforeAll(seedFixtures);

/** What the Cron Trigger calls, at a given time. */
const cron = (scheduledTime: number) => worker.scheduled(createScheduledController({ scheduledTime, cron: '17 * * * *' }), env);

const login = (cu: string, address: string) =>
  exports.default.fetch('http://localhost/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'tiles-site-id': SITE, 'tiles-locale-code': 'it-IT', 'cf-connecting-ip': address },
    body: JSON.stringify({ cu, cp: 'Sbagliata-2026!' }),
  });

const rows = async (like: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM sign_in_throttle WHERE key LIKE ?').bind(like).first<{ n: number }>())?.n ?? 0;

describe('the hourly Cron Trigger', () => {
  it("purges the throttle rows of unknown codes once they expire, keeping today's", async () => {
    for (let i = 0; i < 5; i++) expect((await login(`sconosciuto.${i}`, `192.0.2.${i + 1}`)).status).toBe(401);
    expect(await rows(`${SITE}/sconosciuto.%`)).toBe(5);
    await cron(Date.now() + 60_000);
    expect(await rows(`${SITE}/sconosciuto.%`)).toBe(5);
    await cron(Date.now() + 16 * 60_000);
    expect(await rows(`${SITE}/sconosciuto.%`)).toBe(0);
    expect(await rows('192.0.2.%')).toBe(0);
  });

  it('forgets used bot-check challenges and abandoned federated sign-ins past their expiry', async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO bot_check_used (id, expires_at) VALUES ('hk-old', ?), ('hk-live', ?)").bind(now - 1, now + 600_000),
      env.DB.prepare("INSERT INTO federated_login (nonce, provider, site_id, expires_at) VALUES ('hk-nonce', 'mock', ?, ?)").bind(SITE, now - 1),
    ]);
    await cron(now);
    const { results } = await env.DB.prepare("SELECT id FROM bot_check_used WHERE id LIKE 'hk-%'").all<{ id: string }>();
    expect(results).toEqual([{ id: 'hk-live' }]);
    expect(await env.DB.prepare("SELECT nonce FROM federated_login WHERE nonce = 'hk-nonce'").first()).toBeNull();
  });
});
