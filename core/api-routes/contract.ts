import { z } from 'zod';
import type { Permission } from '../permissions.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a route reads, each part a contract from core/contracts. */
export interface RequestContract {
  param?: z.ZodType;
  query?: z.ZodType;
  /** The body's schema, or one chosen by the validated path parameters (a CMS document's kind). */
  json?: z.ZodType | ((param: never) => z.ZodType);
  /** The JSON body's largest size in bytes, where a call needs more than the 64 KiB of every other (413 above it). */
  jsonBytes?: number;
  /**
   * A body of raw bytes (`application/octet-stream` with its Content-Length): a file's part,
   * handed to the handler as its length and a stream, never read whole or parsed.
   */
  bytes?: z.ZodType;
}

/**
 * One API call's contract: method, path (Hono syntax, `:name` parameters, below `/api`), the
 * request contracts, the response contract, and who may call.
 */
export interface RouteContract {
  method: Method;
  path: string;
  request?: RequestContract;
  /** The answer inside `{ outcome }`, or `fileAnswer` for a file the call answers as it is. */
  response: z.ZodType;
  /**
   * A signed-in user ('session', else 401) or one whose role grants the permission (else 401 or
   * 403). Checked before any input is read, so a visitor learns nothing more.
   */
  auth?: 'session' | Permission;
  /**
   * A call about one course (its `courseId` path parameter) for those the course lets in
   * (core/course-access.ts: open, or enrolled): anyone else gets a 403 saying how to get in, once
   * the path is read and before any other input.
   */
  enrolled?: true;
  /**
   * Calls only the build worker may make: for anyone else they do not exist (the 404 of an unknown
   * path). The browser's client does not offer them.
   */
  guard?: 'build-worker';
}

/** A file (certificate PDF, participants report): answered as it is, not as `{ outcome }`. */
export const fileAnswer = z.instanceof(Response);
