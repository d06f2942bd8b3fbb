import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Assessment, CertificateSummary } from '../../../../core/contracts/ecm.ts';
import type { CourseDetail } from '../../../../core/contracts/lms.ts';
import { createApiClient, type ApiAnswer, type ApiPath } from '../../../../src/lib/api-client.ts';
import { apiUrl, certificatePdfUrl } from '../../../../src/lib/api-url.ts';

// The `@ts-expect-error` lines below are the test: `npx tsc --noEmit -p .` fails if any of them compiles.

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function recordingClient() {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json({ outcome: null }));
  const client = createApiClient({ siteId: () => 's', localeCode: () => 'it-IT', fetch });
  const sent = (n = 0) => {
    const [url, init] = fetch.mock.calls[n] ?? [];
    return { url: String(url), method: init?.method, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) };
  };
  return { client, sent };
}

describe('the typed API client', () => {
  it('answers the response contract of the route table', () => {
    expectTypeOf<ApiAnswer<'GET', '/lms/course/:courseId'>>().toEqualTypeOf<CourseDetail>();
    expectTypeOf<ApiAnswer<'GET', '/lms/course/:courseId/assessment'>>().toEqualTypeOf<Assessment>();
    expectTypeOf<ApiAnswer<'POST', '/lms/course/:courseId/certificate'>>().toEqualTypeOf<CertificateSummary>();
    expectTypeOf<'/lms/course/:courseId'>().toExtend<ApiPath<'GET'>>();
  });

  it('refuses at compile time a path, parameter, query or body the table does not have', () => {
    const { client } = recordingClient();
    const never = () => {
      // @ts-expect-error the prefix lives in the client: '/api/...' is not a path of the table
      void client.get('/api/lms/course/:courseId', { param: { courseId: 'x' } });
      // @ts-expect-error no such route
      void client.get('/lms/courses/:courseId');
      // @ts-expect-error a route that answers to POST, not GET
      void client.get('/lms/course/:courseId/certificate', { param: { courseId: 'x' } });
      // @ts-expect-error the path parameter is missing
      void client.get('/lms/course/:courseId');
      // @ts-expect-error a parameter of another name
      void client.get('/lms/course/:courseId', { param: { id: 'x' } });
      // @ts-expect-error the body's field has the wrong type
      void client.put('/lms/course/:courseId/session/:module/:session/position', { param: { courseId: 'x', module: 1, session: 1 }, json: { seconds: 'ten' } });
      // @ts-expect-error the body is missing
      void client.post('/lms/course/:courseId/satisfaction', { param: { courseId: 'x' } });
      // @ts-expect-error the query's value is not one the contract allows
      void client.get('/content/tag', { query: { type: 'course' } });
      // @ts-expect-error the build worker's hidden calls are not the browser's
      void client.get('/cms/builds/snapshot');
      // @ts-expect-error a file is a link's target, not a JSON call
      void client.get('/lms/certificates/:code', { param: { code: 'x.pdf' } });
      // @ts-expect-error a download link is built for a file route's parameters only
      void apiUrl('/cms/ecm/:courseId/:report', { param: { courseId: 'x' } });
    };
    expect(never).toBeTypeOf('function');
  });

  it('calls /api with the parameters filled in and encoded, the query and the JSON body', async () => {
    const { client, sent } = recordingClient();
    await client.get('/cms/documents/:kind/:locale/:key', { param: { kind: 'content', locale: 'it-IT', key: 'a b/c' } });
    expect(sent(0)).toEqual({ url: '/api/cms/documents/content/it-IT/a%20b%2Fc', method: 'GET', body: undefined });
    await client.get('/lms/courses/progress', { query: { ids: 'a,b' } });
    expect(sent(1).url).toBe('/api/lms/courses/progress?ids=a%2Cb');
    await client.put('/lms/course/:courseId/session/:module/:session/position', {
      param: { courseId: 'triage', module: 1, session: 2 },
      json: { seconds: 30 },
    });
    expect(sent(2)).toEqual({ url: '/api/lms/course/triage/session/1/2/position', method: 'PUT', body: { seconds: 30 } });
    await client.delete('/cms/documents/:kind/:locale/:key', { param: { kind: 'bank', locale: 'it-IT', key: 'triage' } });
    expect(sent(3)).toMatchObject({ url: '/api/cms/documents/bank/it-IT/triage', method: 'DELETE' });
  });

  it("sends a file's part as bytes, where the table takes bytes and nowhere else", async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json({ outcome: null }));
    const client = createApiClient({ siteId: () => 's', localeCode: () => 'it-IT', fetch });
    const part = new Blob([new Uint8Array([1, 2, 3])]);
    await client.put('/cms/uploads/:id/parts/:part', { param: { id: 'a'.repeat(32), part: 1 }, bytes: part });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe(`/api/cms/uploads/${'a'.repeat(32)}/parts/1`);
    expect(init?.body).toBe(part);
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/octet-stream');
    const never = () => {
      // @ts-expect-error a part is bytes, not JSON
      void client.put('/cms/uploads/:id/parts/:part', { param: { id: 'x', part: 1 }, json: {} });
      // @ts-expect-error a JSON call takes no bytes
      void client.post('/cms/uploads', { json: { name: 'a.pdf', type: 'application/pdf', size: 1 }, bytes: part });
    };
    expect(never).toBeTypeOf('function');
  });

  it('builds download links to the API’s files from the same table', () => {
    expect(certificatePdfUrl('ABC-123', 'en-US')).toBe('/api/lms/certificates/ABC-123.pdf?locale=en-US');
    expect(apiUrl('/cms/ecm/:courseId/:report', { param: { courseId: 'triage', report: 'participants.xml' } })).toBe('/api/cms/ecm/triage/participants.xml');
    expect(apiUrl('/event/hit')).toBe('/api/event/hit');
  });
});
