import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { workflowPolicyProblems } from '../../../scripts/workflow-policy.mjs';

const DIR = new URL('../../../.github/workflows/', import.meta.url);
/** The parts of a workflow file these tests change. */
interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string>;
}
interface Workflow {
  on: Record<string, { workflows?: string[]; branches?: string[] } | null>;
  jobs: Record<string, { if?: string; steps: Step[] }>;
}
const read = (name: string) => ({ file: name, workflow: parse(readFileSync(new URL(name, DIR), 'utf8')) as Workflow });
const ours = () => readdirSync(DIR).map(read);
/** The repository's workflows with one file's parsed content changed by `edit`. */
function withEdit(name: string, edit: (workflow: Workflow) => void) {
  return ours().map((entry) => {
    if (entry.file !== name) return entry;
    const workflow = structuredClone(entry.workflow);
    edit(workflow);
    return { file: name, workflow };
  });
}
const deployJob = (workflow: Workflow) => workflow.jobs.deploy!;

describe('release rules of the workflow files', () => {
  it('hold for the repository’s own workflows', () => {
    expect(workflowPolicyProblems(ours())).toEqual([]);
  });

  it('refuse a deploy on push, which would skip the checks', () => {
    const problems = workflowPolicyProblems(withEdit('publish.yml', (workflow) => (workflow.on.push = { branches: ['main'] })));
    expect(problems.join('\n')).toMatch(/may not start on 'push'/);
  });

  it('refuse a deploy that does not require the gate’s success', () => {
    const problems = workflowPolicyProblems(withEdit('publish.yml', (workflow) => (deployJob(workflow).if = "github.event_name == 'workflow_run'")));
    expect(problems.join('\n')).toMatch(/without requiring the gate's conclusion to be 'success'/);
  });

  it('refuse a deploy of main’s newest commit instead of the one checked', () => {
    const problems = workflowPolicyProblems(
      withEdit('publish.yml', (workflow) => delete deployJob(workflow).steps.find((step) => step.uses?.startsWith('actions/checkout@'))!.with),
    );
    expect(problems.join('\n')).toMatch(/must check out the commit the gate passed/);
  });

  it('refuse a deploy that follows another workflow than the gate', () => {
    const problems = workflowPolicyProblems(withEdit('publish.yml', (workflow) => (workflow.on.workflow_run!.workflows = ['ci', 'nightly'])));
    expect(problems.join('\n')).toMatch(/must follow the gate 'ci' alone/);
  });

  it('refuse a gate that skips pull requests or runs something else than .ci/run', () => {
    expect(workflowPolicyProblems(withEdit('ci.yml', (workflow) => delete workflow.on.pull_request)).join('\n')).toMatch(/every push and pull request/);
    const other = withEdit('ci.yml', (workflow) => (workflow.jobs.check!.steps.at(-1)!.run = 'npm run lint'));
    expect(workflowPolicyProblems(other).join('\n')).toMatch(/must run '\.ci\/run'/);
  });

  it('refuse a repository without a gate', () => {
    expect(workflowPolicyProblems(ours().filter(({ file }) => file !== 'ci.yml'))).toContain(
      "No workflow is named 'ci': nothing gates a push or a pull request.",
    );
  });
});
