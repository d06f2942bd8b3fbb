import {
  createdSupportRequest,
  supportPage,
  supportParams,
  supportQuery,
  supportReplyBody,
  supportRequest,
  supportRequestBody,
  supportStatusBody,
} from '../contracts/support.ts';
import type { RouteContract } from './contract.ts';

/** Support requests: the public form, and the staff's replies and statuses: functions/support/. */
export const SUPPORT_ROUTES = {
  // Support requests for staff (functions/support/): a page at a time, replies by e-mail, closing and reopening.
  getSupportRequests: { method: 'GET', path: '/cms/support', auth: 'support:read', request: { query: supportQuery }, response: supportPage },
  postSupportReply: {
    method: 'POST',
    path: '/cms/support/:id/reply',
    auth: 'support:read',
    request: { param: supportParams, json: supportReplyBody },
    response: supportRequest,
  },
  putSupportStatus: {
    method: 'PUT',
    path: '/cms/support/:id/status',
    auth: 'support:read',
    request: { param: supportParams, json: supportStatusBody },
    response: supportRequest,
  },
  // The support form: anyone may write, after the bot check.
  postSupportRequest: { method: 'POST', path: '/support', request: { json: supportRequestBody }, response: createdSupportRequest },
} as const satisfies Record<string, RouteContract>;
