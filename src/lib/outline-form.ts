import { nextNumber, type Outline, type OutlineSession, type SessionKind } from '../../core/course-outline.ts';
import { move } from './cms-form.ts';

/**
 * The course editor's changes to an outline, as pure steps: each returns a new outline. New
 * modules and sessions take the next number never used (removed ones count), since addresses and
 * learners' records name them.
 */
export function addModule(outline: Outline, usedModules: readonly number[]): { outline: Outline; number: number } {
  const number = nextNumber([...usedModules, ...outline.modules.map((module) => module.number)]);
  return { outline: { ...outline, modules: [...outline.modules, { number, sessions: [] }] }, number };
}

export function addSession(
  outline: Outline,
  moduleNumber: number,
  usedSessions: readonly string[],
  kind: SessionKind = 'text',
): { outline: Outline; number: number } {
  const module = outline.modules.find((candidate) => candidate.number === moduleNumber);
  const used = usedSessions.filter((key) => key.startsWith(`${moduleNumber}.`)).map((key) => Number(key.split('.')[1]));
  const number = nextNumber([...used, ...(module?.sessions.map((session) => session.number) ?? [])]);
  const session: OutlineSession = { number, kind, duration: '0h 10m 0s', media: null, poster: null, captions: {} };
  return { outline: updateModule(outline, moduleNumber, (sessions) => [...sessions, session]), number };
}

export const moveModule = (outline: Outline, index: number, step: -1 | 1): Outline => ({ ...outline, modules: move(outline.modules, index, step) });

export const moveSession = (outline: Outline, moduleNumber: number, index: number, step: -1 | 1): Outline =>
  updateModule(outline, moduleNumber, (sessions) => move(sessions, index, step));

export const removeModule = (outline: Outline, moduleNumber: number): Outline => ({
  ...outline,
  modules: outline.modules.filter((module) => module.number !== moduleNumber),
});

export const removeSession = (outline: Outline, moduleNumber: number, number: number): Outline =>
  updateModule(outline, moduleNumber, (sessions) => sessions.filter((session) => session.number !== number));

/** Changes one session; a kind without media drops the ones it no longer uses. */
export function changeSession(outline: Outline, moduleNumber: number, number: number, change: Partial<OutlineSession>): Outline {
  return updateModule(outline, moduleNumber, (sessions) =>
    sessions.map((session) => {
      if (session.number !== number) return session;
      const next = { ...session, ...change };
      if (next.kind !== 'video') Object.assign(next, { poster: null, captions: {} });
      if (next.kind === 'text') next.media = null;
      return next;
    }),
  );
}

function updateModule(outline: Outline, moduleNumber: number, change: (sessions: OutlineSession[]) => OutlineSession[]): Outline {
  return { ...outline, modules: outline.modules.map((module) => (module.number === moduleNumber ? { ...module, sessions: change(module.sessions) } : module)) };
}

/** A duration's three parts for the editor's inputs, and back. */
export const durationParts = (duration: string): [number, number, number] => {
  const match = /^(\d+)h (\d+)m (\d+)s$/.exec(duration);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
};
export const durationFrom = ([h, m, s]: readonly number[]): string => {
  const clamp = (value: number | undefined, max: number) => Math.min(max, Math.max(0, Math.floor(Number.isFinite(value) ? (value ?? 0) : 0)));
  return `${clamp(h, 999)}h ${clamp(m, 59)}m ${clamp(s, 59)}s`;
};
