// Prints, after a marker line, the Miniflare options wrangler derives from a build's wrangler.json
// (`unstable_getMiniflareWorkerOptions`: bindings, queues, assets, crons…) as JSON. Run as a child of
// `npm start` so that wrangler, about 130 MB once loaded, never stays in the server's memory
// (scripts/worker-server.mjs). The options are plain data: JSON loses only keys set to undefined.
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

// The same marker as scripts/worker-server.mjs's: wrangler writes its own lines to stdout too.
const OPTIONS_MARKER = '--- tiles worker options ---';

const { workerOptions, main } = unstable_getMiniflareWorkerOptions(process.argv[2]);
// The build is bundled already (`no_bundle`): its modules are given as they are (RegExps, not JSON).
delete workerOptions.modulesRules;
process.stdout.write(`\n${OPTIONS_MARKER}\n${JSON.stringify({ workerOptions, main })}\n`);
