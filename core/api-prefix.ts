/** Where the API lives: the route table's paths are below it. Zod-free, so the browser's client can take it. */
export const API_PREFIX = '/api';

/** Whether a path is the API's: the prefix itself or below it. */
export function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}
