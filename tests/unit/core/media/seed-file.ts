import { readFileSync } from 'node:fs';

/** A file of the demo's media (seed/media/), as the parsers' tests read real files. */
export const seedFile = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(`../../../../seed/media/${name}`, import.meta.url)));
