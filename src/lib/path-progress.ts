import { createApiClient } from './api-client.ts';

interface Progress {
  signedIn: boolean;
  courses: { id: string; done: number; total: number }[];
}

/**
 * On a learning path (pre-rendered, the same for everyone), shows a signed-in learner how far
 * along each course is. Visitors get `signedIn: false` and the page stays as it was built.
 */
export async function startPathProgress(): Promise<void> {
  const section = document.querySelector<HTMLElement>('[data-path-courses]');
  const ids = section?.dataset.pathCourses;
  if (!section || !ids) return;
  const root = document.documentElement;
  const client = createApiClient({ siteId: () => root.dataset.siteId ?? 'not-set', localeCode: () => root.dataset.locale ?? 'it-IT' });
  let progress: Progress;
  try {
    progress = await client.get('/lms/courses/progress', { query: { ids } });
  } catch {
    return; // the figures are extra: the courses and their links are there without them
  }
  if (!progress.signedIn) return;
  for (const course of progress.courses) {
    const line = section.querySelector<HTMLElement>(`[data-course-progress="${CSS.escape(course.id)}"]`);
    const text = line?.querySelector('span');
    const bar = line?.querySelector('progress');
    if (!line || !text || !bar) continue;
    text.textContent =
      course.done === 0
        ? (section.dataset.notStarted ?? '')
        : (section.dataset.label ?? '{done}/{total}').replace('{done}', String(course.done)).replace('{total}', String(course.total));
    bar.max = course.total;
    bar.value = course.done;
    line.hidden = false;
  }
}
