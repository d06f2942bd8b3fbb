// Where a build goes. `npm start` serves dist/; anything else that builds in the same checkout (the
// browser tests, benchmarks, a release, a second server) writes a folder of its own, so that it
// never empties the one a running server serves from.
export const DEFAULT_OUT_DIR = 'dist';

/** A release's build (`npm run deploy`, `scripts/build-from-live.mjs` run by hand), unless told otherwise. */
export const RELEASE_OUT_DIR = '.wrangler/release-dist';

/** The build folder for this environment: TILES_OUT_DIR, else dist/. */
export function outDirOf(env) {
  const named = env.TILES_OUT_DIR?.trim();
  return named ? named : DEFAULT_OUT_DIR;
}
