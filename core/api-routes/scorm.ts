import { sessionParams } from '../contracts/lms.ts';
import { SCORM_COMMIT_BYTES, scormCommit, scormCommitted, scormGrant } from '../contracts/scorm.ts';
import type { RouteContract } from './contract.ts';

/** A SCORM package's runtime commits: functions/scorm/. */
export const SCORM_ROUTES = {
  putScormCommit: {
    method: 'PUT',
    path: '/lms/course/:courseId/session/:module/:session/scorm',
    auth: 'progress:write',
    enrolled: true,
    request: { param: sessionParams, json: scormCommit, jsonBytes: SCORM_COMMIT_BYTES },
    response: scormCommitted,
  },
  postScormGrant: {
    method: 'POST',
    path: '/lms/course/:courseId/session/:module/:session/scorm/grant',
    auth: 'progress:write',
    enrolled: true,
    request: { param: sessionParams },
    response: scormGrant,
  },
} as const satisfies Record<string, RouteContract>;
