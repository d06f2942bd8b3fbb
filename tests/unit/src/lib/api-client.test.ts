import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../../src/lib/api-client.ts';

describe('API client', () => {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('sends the site and locale headers and unwraps the outcome', async () => {
    const fetch = vi.fn(async () => json(200, { outcome: { ok: 1 } }));
    const client = createApiClient({ siteId: () => 'site-a', localeCode: () => 'en-US', fetch });
    await expect(client.get('/auth/user')).resolves.toEqual({ ok: 1 });
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/auth/user');
    const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers['tiles-site-id']).toBe('site-a');
    expect(headers['tiles-locale-code']).toBe('en-US');
  });

  it('adds a call’s own headers (a CMS save’s base revision), never in place of the site and locale ones', async () => {
    const fetch = vi.fn(async () => json(200, { outcome: null }));
    const client = createApiClient({ siteId: () => 'site-a', localeCode: () => 'it-IT', fetch });
    await client.delete('/cms/documents/:kind/:locale/:key', {
      param: { kind: 'content', locale: 'it-IT', key: 'privacy' },
      headers: { 'if-match': '"r1"', 'tiles-site-id': 'x' },
    });
    const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers).toMatchObject({ 'if-match': '"r1"', 'tiles-site-id': 'site-a' });
  });

  it('retries a GET once after a 503, and a POST never', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(503, {}))
      .mockResolvedValueOnce(json(200, { outcome: 2 }));
    const client = createApiClient({ siteId: () => 's', localeCode: () => 'it-IT', fetch });
    await expect(client.get('/stats')).resolves.toBe(2);
    expect(fetch).toHaveBeenCalledTimes(2);

    const post = vi.fn(async () => json(503, { statusCode: 503, statusMessage: 'Service Unavailable', message: 'busy' }));
    const poster = createApiClient({ siteId: () => 's', localeCode: () => 'it-IT', fetch: post });
    await expect(poster.post('/event', { json: { action: 'cms', variant: 'mode', scope: 'user' } })).rejects.toMatchObject({
      statusCode: 503,
      message: 'busy',
    });
    expect(post).toHaveBeenCalledTimes(1);
  });
});
