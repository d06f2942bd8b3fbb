import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../../core/duration.ts';
import { bufferReader } from '../../../core/media/bytes.ts';
import { checkMedia } from '../../../core/media/check.ts';
import { declaredType } from '../../../core/media/kinds.ts';

interface Session {
  kind: string;
  duration: string;
  mediaUrl?: string;
  posterUrl?: string;
  captions?: Record<string, string>;
}
const { courses } = JSON.parse(readFileSync(new URL('../../../seed/content/courses.json', import.meta.url), 'utf8')) as {
  courses: { id: string; modules: { sessions: Session[] }[] }[];
};
const files = new Set(readdirSync(new URL('../../../seed/media/', import.meta.url)));

/** A seed file, checked as the API checks an upload. */
async function facts(address: string | undefined) {
  expect(address).toMatch(/^\/media\//);
  const name = (address ?? '').slice('/media/'.length);
  expect(files, `${name} is not in seed/media`).toContain(name);
  const bytes = new Uint8Array(readFileSync(new URL(`../../../seed/media/${name}`, import.meta.url)));
  const checked = await checkMedia(declaredType(name, ''), bytes.length, bufferReader(bytes));
  if (!checked.ok) throw new Error(`${name}: ${checked.problem}`);
  return checked;
}

const sessions = courses.flatMap((course) => course.modules.flatMap((module) => module.sessions.map((session) => ({ course: course.id, ...session }))));

describe('the demo media', () => {
  it('give every video session a real video, declaring its true length, with a poster and captions in every locale', async () => {
    const videos = sessions.filter((session) => session.kind === 'video');
    expect(videos.length).toBeGreaterThan(10);
    for (const session of videos) {
      const video = await facts(session.mediaUrl);
      expect(video.kind).toBe('video');
      const [hours, minutes, seconds] = parseDuration(session.duration);
      expect(hours * 3600 + minutes * 60 + seconds, `${session.course} ${session.mediaUrl}`).toBe(Math.round(video.durationSeconds ?? 0));
      expect((await facts(session.posterUrl)).kind).toBe('image');
      expect(Object.keys(session.captions ?? {}).sort()).toEqual(['de-DE', 'en-US', 'it-IT']);
      for (const captions of Object.values(session.captions ?? {})) expect((await facts(captions)).kind).toBe('captions');
    }
    // A few distinct clips, MP4 and WebM both; the video sessions of a course never share one.
    expect(new Set(videos.map((session) => session.mediaUrl)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(videos.map((session) => session.mediaUrl?.split('.').pop()))).toEqual(new Set(['mp4', 'webm']));
    for (const course of courses) {
      const own = sessions.filter((session) => session.course === course.id && session.kind === 'video').map((session) => session.mediaUrl);
      expect(new Set(own).size, course.id).toBe(own.length);
    }
  });

  it('give every document session a PDF of its own', async () => {
    const documents = sessions.filter((session) => session.kind === 'document');
    expect(documents.length).toBeGreaterThan(5);
    for (const session of documents) expect((await facts(session.mediaUrl)).kind).toBe('document');
    expect(new Set(documents.map((session) => session.mediaUrl)).size).toBe(documents.length);
  });

  it('are all used, and all pass the checks an upload passes', async () => {
    const used = new Set(sessions.flatMap((session) => [session.mediaUrl, session.posterUrl, ...Object.values(session.captions ?? {})]));
    for (const name of files) {
      expect(used, `seed/media/${name} is used by no session`).toContain(`/media/${name}`);
      await facts(`/media/${name}`);
    }
  });
});
