/**
 * A course's structure as the CMS drafts it (document kind `outline`): its category, credits,
 * whether it is withdrawn, and its modules and sessions in order. A module's and a session's
 * number is its identity and is never reused (addresses, progress and hits name it); the order is
 * the list's. Zod-free: the course editor's chunk reads it.
 */
export const SESSION_KINDS = ['text', 'video', 'document', 'scorm'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export interface OutlineSession {
  number: number;
  kind: SessionKind;
  /** 'h m s', e.g. '0h 12m 30s'. */
  duration: string;
  /** The video, the PDF or the SCORM package (its zip in the library), a `/media/` address. */
  media: string | null;
  poster: string | null;
  /** WebVTT captions per locale. */
  captions: Record<string, string>;
}

export interface OutlineModule {
  number: number;
  sessions: OutlineSession[];
}

export interface Outline {
  category: string;
  ecmCredits: number | null;
  withdrawn: boolean;
  modules: OutlineModule[];
}

/** 'Xh Ym Zs' with minutes and seconds under 60: the form every stored duration has. */
export const DURATION_PATTERN = /^(\d{1,3})h ([0-5]?\d)m ([0-5]?\d)s$/;

export const secondsOf = (duration: string): number => {
  const match = DURATION_PATTERN.exec(duration);
  return match ? (Number(match[1]) * 60 + Number(match[2])) * 60 + Number(match[3]) : 0;
};

export const durationOf = (seconds: number): string => {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 3600)}h ${Math.floor((whole % 3600) / 60)}m ${whole % 60}s`;
};

/** A course's declared duration: the sum of its sessions'. */
export const outlineDuration = (outline: Pick<Outline, 'modules'>): string =>
  durationOf(outline.modules.reduce((sum, module) => sum + module.sessions.reduce((inner, session) => inner + secondsOf(session.duration), 0), 0));

/** The CMS keys of a module's and a session's texts: `{course}.{module}` and `{course}.{module}.{session}`. */
export const moduleKey = (courseId: string, module: number): string => `${courseId}.${module}`;
export const sessionKey = (courseId: string, module: number, session: number): string => `${courseId}.${module}.${session}`;

export function parseStructureKey(key: string): { courseId: string; module: number; session: number | null } | null {
  const match = /^([a-z0-9-]{1,100})\.([1-9]\d{0,2})(?:\.([1-9]\d{0,2}))?$/.exec(key);
  if (!match) return null;
  return { courseId: match[1] ?? '', module: Number(match[2]), session: match[3] ? Number(match[3]) : null };
}

/** The next unused number, given every number ever used (removed ones included): numbers are never reused. */
export const nextNumber = (used: readonly number[]): number => used.reduce((max, n) => Math.max(max, n), 0) + 1;

/** The address a course id is proposed from its title: lower case, accents dropped, words joined by hyphens. */
export function proposeCourseId(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** The keys of a course's module and session texts. */
export const outlineKeys = (courseId: string, outline: Pick<Outline, 'modules'>): { modules: string[]; sessions: string[] } => ({
  modules: outline.modules.map((module) => moduleKey(courseId, module.number)),
  sessions: outline.modules.flatMap((module) => module.sessions.map((entry) => sessionKey(courseId, module.number, entry.number))),
});
