/** Where the API lives: the route table's paths are below it. Zod-free, so the browser's client can take it. */
export const API_PREFIX = '/api';
