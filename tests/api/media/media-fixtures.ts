import { env, exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import { mediaItem, mediaUpload } from '../../../core/contracts/media.ts';
import { SITE } from '../fixtures.ts';

/** A call through the test Worker, as the CMS panel makes it: site and locale headers, the editor's cookie. */
export async function api(
  path: string,
  options: { method?: string; cookie: string; json?: unknown; bytes?: BodyInit; headers?: Record<string, string>; locale?: string },
) {
  const headers = new Headers({ 'tiles-site-id': SITE, 'tiles-locale-code': options.locale ?? 'it-IT', cookie: options.cookie, ...options.headers });
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.bytes !== undefined) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/octet-stream');
    body = options.bytes;
  }
  return exports.default.fetch(`http://localhost/api${path}`, { method: options.method ?? 'GET', headers, body });
}

export interface StartedUpload {
  id: string;
  url: string;
  partSize: number;
  partCount: number;
  received: number[];
}

export async function startUpload(cookie: string, file: { name: string; type: string; size: number; replaces?: string }): Promise<StartedUpload> {
  const response = await api('/cms/uploads', { method: 'POST', cookie, json: file });
  expect(response.status, await response.clone().text()).toBe(200);
  return mediaUpload.parse(((await response.json()) as { outcome: unknown }).outcome);
}

export const putPart = (cookie: string, id: string, part: number, bytes: BodyInit, headers?: Record<string, string>, locale?: string) =>
  api(`/cms/uploads/${id}/parts/${part}`, { method: 'PUT', cookie, bytes, headers, locale });

export const complete = (cookie: string, id: string, locale?: string) => api(`/cms/uploads/${id}/complete`, { method: 'POST', cookie, locale });

/** Uploads a whole file in its parts and asks for it to be completed: the completion's answer. */
export async function upload(cookie: string, name: string, type: string, bytes: Uint8Array, replaces?: string): Promise<Response> {
  const started = await startUpload(cookie, { name, type, size: bytes.length, replaces });
  for (let part = 1; part <= started.partCount; part++) {
    const answer = await putPart(cookie, started.id, part, bytes.slice((part - 1) * started.partSize, part * started.partSize));
    if (answer.status !== 200) return answer;
  }
  return complete(cookie, started.id);
}

export async function uploaded(cookie: string, name: string, type: string, bytes: Uint8Array, replaces?: string) {
  const response = await upload(cookie, name, type, bytes, replaces);
  expect(response.status, await response.clone().text()).toBe(200);
  return mediaItem.parse(((await response.json()) as { outcome: unknown }).outcome);
}

/** The refusal's message, checking it is one. */
export async function refusal(response: Response, status: number): Promise<string> {
  const body = (await response.json()) as { statusCode: number; message: string };
  expect(response.status, body.message).toBe(status);
  expect(body.statusCode).toBe(status);
  return body.message;
}

/** Every object in the bucket, by key. */
export async function objectKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

/** What the library and the uploads hold in D1 and R2: a refusal must leave all of it as it was. */
export async function storedState() {
  const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? 0;
  return {
    objects: await objectKeys(),
    media: await count('SELECT COUNT(*) AS n FROM media'),
    uploads: await count('SELECT COUNT(*) AS n FROM media_upload'),
    parts: await count('SELECT COUNT(*) AS n FROM media_upload_part'),
  };
}

/** A medium as a learner's browser gets it. */
export const served = (key: string, cookie: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(`http://localhost/media/${key}`, { headers: { cookie, ...headers } });

export async function sha256(bytes: ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
