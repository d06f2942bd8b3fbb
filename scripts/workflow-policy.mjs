// The release rules a workflow file must keep, beyond what actionlint checks (syntax, expressions,
// job references): nothing reaches production unchecked. Pure: takes parsed workflows, returns
// the broken rules as sentences; scripts/lint-workflows.mjs reads the files and runs actionlint.

/** The workflow that gates (its `name:`), and the command it runs: exactly what a clean clone runs. */
export const GATE_NAME = 'ci';
export const GATE_COMMAND = '.ci/run';
/** A step that deploys to production. */
const DEPLOYS = /\bnpm run deploy\b(?!\s+--\s+--dry-run)|\bwrangler\s+deploy\b(?![^\n]*--dry-run)/;
/** Triggers that may start a deploy: the gate's completion, or an editor's publish (content only). */
const RELEASE_TRIGGERS = new Set(['workflow_run', 'repository_dispatch']);

const triggersOf = (workflow) => {
  const on = workflow?.on ?? workflow?.true; // YAML 1.1 readers take a bare `on` for true
  if (typeof on === 'string') return { [on]: null };
  if (Array.isArray(on)) return Object.fromEntries(on.map((name) => [name, null]));
  return on ?? {};
};
const stepsOf = (job) => (Array.isArray(job?.steps) ? job.steps : []);
const runsDeploy = (job) => stepsOf(job).some((step) => typeof step.run === 'string' && DEPLOYS.test(step.run));

/**
 * @param {Array<{ file: string, workflow: any }>} workflows every file of .github/workflows, parsed
 * @returns {string[]} each broken rule, naming its file
 */
export function workflowPolicyProblems(workflows) {
  const problems = [];
  const gate = workflows.find(({ workflow }) => workflow?.name === GATE_NAME);
  if (!gate) {
    problems.push(`No workflow is named '${GATE_NAME}': nothing gates a push or a pull request.`);
  } else {
    const on = triggersOf(gate.workflow);
    if (!('push' in on) || !('pull_request' in on)) problems.push(`${gate.file}: the gate must run on every push and pull request.`);
    const runsGate = Object.values(gate.workflow.jobs ?? {}).some((job) =>
      stepsOf(job).some((step) => typeof step.run === 'string' && step.run.trim() === GATE_COMMAND),
    );
    if (!runsGate) problems.push(`${gate.file}: the gate must run '${GATE_COMMAND}', exactly what a clean clone runs.`);
    if (Object.values(gate.workflow.jobs ?? {}).some(runsDeploy)) problems.push(`${gate.file}: the gate must not deploy.`);
  }

  for (const { file, workflow } of workflows) {
    if (workflow === gate?.workflow) continue;
    const deployJobs = Object.entries(workflow?.jobs ?? {}).filter(([, job]) => runsDeploy(job));
    if (deployJobs.length === 0) continue;
    const on = triggersOf(workflow);
    for (const trigger of Object.keys(on)) {
      if (!RELEASE_TRIGGERS.has(trigger))
        problems.push(`${file}: a workflow that deploys may not start on '${trigger}': only on the gate's success or an editor's publish.`);
    }
    if ('workflow_run' in on) {
      const run = on.workflow_run ?? {};
      if (JSON.stringify(run.workflows) !== JSON.stringify([GATE_NAME])) problems.push(`${file}: workflow_run must follow the gate '${GATE_NAME}' alone.`);
      if (JSON.stringify(run.types) !== JSON.stringify(['completed'])) problems.push(`${file}: workflow_run must wait for the gate to complete.`);
    }
    for (const [name, job] of deployJobs) {
      const condition = String(job.if ?? '');
      if ('workflow_run' in on && !/workflow_run\.conclusion\s*==\s*'success'/.test(condition))
        problems.push(`${file}: job '${name}' deploys without requiring the gate's conclusion to be 'success'.`);
      const checkout = stepsOf(job).find((step) => typeof step.uses === 'string' && step.uses.startsWith('actions/checkout@'));
      // On workflow_run the default checkout is main's newest commit, which may not be the one checked.
      const ref = String(checkout?.with?.ref ?? '');
      if (!checkout || !/workflow_run\.head_sha|steps\.\w+\.outputs\.sha/.test(ref))
        problems.push(`${file}: job '${name}' must check out the commit the gate passed, not the branch's newest.`);
    }
  }
  return problems;
}
