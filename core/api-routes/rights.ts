import { accountDeletionOutcome, accountDeletionRequest } from '../contracts/data-rights.ts';
import { fileAnswer, type RouteContract } from './contract.ts';

/** Data rights: the person's data as a file and deleting the account: functions/rights/. */
export const RIGHTS_ROUTES = {
  // Data rights (functions/rights/): the person's data as a JSON file (contract myData), and deleting the account.
  getMyData: { method: 'GET', path: '/auth/user/data', auth: 'session', response: fileAnswer },
  postAccountDeletion: {
    method: 'POST',
    path: '/auth/user/delete',
    auth: 'session',
    request: { json: accountDeletionRequest },
    response: accountDeletionOutcome,
  },
} as const satisfies Record<string, RouteContract>;
