import { describe, expect, it } from 'vitest';
import { rewrittenHost } from '../../../src/server/rewritten-host.ts';

const request = (url: string, host: string | null) => new Request(url, { headers: host === null ? {} : { host } });

describe('rewrittenHost', () => {
  it('accepts an address that names the host the request was sent to, port and letter case aside', () => {
    expect(rewrittenHost(request('http://localhost:4321/it-IT', 'localhost:4321'))).toBe(false);
    expect(rewrittenHost(request('https://formazione.example.it/api/auth/password/reset', 'Formazione.Example.IT'))).toBe(false);
    expect(rewrittenHost(request('https://formazione.example.it/', 'formazione.example.it:443'))).toBe(false);
    expect(rewrittenHost(request('http://localhost:4321/', null))).toBe(false);
  });

  it('refuses an address rewritten to another host, or a Host that is no host', () => {
    expect(rewrittenHost(request('https://evil.example/api/auth/password/reset', 'formazione.example.it'))).toBe(true);
    expect(rewrittenHost(request('http://127.0.0.1:4324/p/x', 'localhost:4321'))).toBe(true);
    expect(rewrittenHost(request('http://localhost:4321/', 'bad host/@x'))).toBe(true);
  });
});
