// Zips the demo's two SCORM packages (their source is seed/scorm/demo-packages.ts) into
// seed/media/, where the seed puts every course medium: run by hand after changing the source; the
// zips are committed, and tests/unit/seed/demo-scorm.test.ts holds them equal to it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { DEMO_PACKAGES, demoZip } from '../seed/scorm/demo-packages.ts';

for (const demo of DEMO_PACKAGES) {
  writeFileSync(join('seed/media', demo.name), demoZip(demo, { strToU8, zipSync }));
  console.log(`seed/media/${demo.name}`);
}
