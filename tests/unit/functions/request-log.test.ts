import { describe, expect, it } from 'vitest';
import { requestIdOf, requestLogLine } from '../../../functions/request-log.ts';

const SECRETS = [
  'Studente-Demo-2026!',
  'Fe26.2**sealed-session',
  'bearer-access-token-123',
  'refresh-token-456',
  'build-worker-secret-789',
  'errore%20segreto',
];

function signInRequest(headers: Record<string, string> = {}): Request {
  return new Request('https://tiles.example/api/auth/login?e=errore%20segreto&token=bearer-access-token-123', {
    method: 'POST',
    headers: {
      cookie: 't-ssid=Fe26.2**sealed-session',
      authorization: 'Bearer bearer-access-token-123',
      'x-rt': 'refresh-token-456',
      'x-build-worker': 'build-worker-secret-789',
      ...headers,
    },
    body: JSON.stringify({ cu: 'studente.demo', cp: 'Studente-Demo-2026!' }),
  });
}

describe('the request log line', () => {
  it('is one JSON line with the request id, method, path, status, duration and user', () => {
    const request = signInRequest({ 'cf-ray': '8f1c2d3e4a5b6c7d-MXP' });
    const line = requestLogLine({ id: requestIdOf(request), request, status: 200, started: 1000, ended: 1042.4, user: 'u-studente' });
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      type: 'request',
      id: '8f1c2d3e4a5b6c7d-MXP',
      method: 'POST',
      path: '/api/auth/login',
      status: 200,
      ms: 42,
      user: 'u-studente',
    });
  });

  it('carries no password, cookie, token, query string or body', () => {
    const request = signInRequest();
    const line = requestLogLine({ id: requestIdOf(request), request, status: 401, started: 0, ended: 5, user: null });
    for (const secret of SECRETS) expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({ path: '/api/auth/login', user: null });
  });

  it('makes up a random id without a usable cf-ray, so every line can still be quoted', () => {
    const ids = [requestIdOf(signInRequest()), requestIdOf(signInRequest()), requestIdOf(signInRequest({ 'cf-ray': 'not a ray; <script>' }))];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });
});
