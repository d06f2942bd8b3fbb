import { errorBody, type HttpError } from './http-error.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function outcomeResponse(outcome: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(JSON_HEADERS)) headers.set(name, value);
  return new Response(JSON.stringify({ outcome }), { status: init.status ?? 200, headers });
}

export function errorResponse(error: HttpError, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  for (const [name, value] of Object.entries({ ...error.headers, ...JSON_HEADERS })) merged.set(name, value);
  return new Response(JSON.stringify(errorBody(error)), { status: error.statusCode, headers: merged });
}
