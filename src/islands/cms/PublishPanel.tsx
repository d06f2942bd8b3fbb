import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { documentCourse } from '../../../core/cms-document.ts';
import type { BuildRequest, Draft } from '../../../core/contracts/cms.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import type { Translate } from '../../../core/translate.ts';
import { $drafts, $published } from '../../stores/cms.ts';
import { showLatestPage } from '../../lib/show-latest-page.ts';

interface Props {
  api: ApiClient;
  t: Translate;
  formatDate: (iso: string) => string;
  /** The page's locale, for the build times' decimals. */
  locale: string;
  /** On a course's page: that course, which may be published on its own. */
  course?: string;
}

const POLL_MS = 1_500;
/** The build this tab last asked for, whose outcome the panel shows again after the page reloads. */
const ASKED_KEY = 'tiles-cms-build';
const finished = (build: BuildRequest) => build.status === 'live' || build.status === 'failed';

/**
 * "Pubblica": records the request (everything drafted, or on a course's page that course alone),
 * then follows its build until it is live or has failed, with the time it took.
 */
export default function PublishPanel({ api, t, formatDate, locale, course }: Props) {
  const tenths = useMemo(() => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), [locale]);
  const seconds = (ms: number) => tenths.format(ms / 1000);
  const drafts = useStore($drafts);
  const ofCourse = (draft: Draft) => course !== undefined && documentCourse(draft.kind, draft.key) === course;
  const courseDrafts = drafts.filter(ofCourse).length;
  const [builds, setBuilds] = useState<BuildRequest[]>([]);
  const [current, setCurrent] = useState<BuildRequest | null>(null);
  const [requesting, setRequesting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const building = current !== null && !finished(current);

  useEffect(() => {
    api.get('/cms/builds').then(
      (recent) => {
        setBuilds(recent);
        // A build under way, or the one this tab asked for: the page reloaded to show it (a new build's pages load in full).
        const running = recent.find((build) => !finished(build));
        const asked = recent.find((build) => String(build.id) === sessionStorage.getItem(ASKED_KEY));
        const shown = running ?? asked;
        if (shown) setCurrent(shown);
      },
      () => undefined,
    );
  }, [api]);

  useEffect(() => {
    if (!current || finished(current)) return;
    // Each tick (the clock for the elapsed time) schedules the next poll, whether or not the last one answered.
    const timer = setTimeout(() => {
      setNow(Date.now());
      api.get('/cms/builds/:id', { param: { id: current.id } }).then(
        (build) => {
          // Pre-rendered pages change when their build is live: the page shows the new one.
          if (build.status === 'live') showLatestPage();
          setCurrent(build);
          setBuilds((list) => list.map((entry) => (entry.id === build.id ? build : entry)));
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [api, current, now]);

  /** Publishes everything, or only `course`'s drafts: the others stay as they are. */
  const publish = async (onlyCourse: boolean) => {
    setRequesting(true);
    setError(null);
    try {
      const published = onlyCourse && course ? await api.post('/cms/publish', { query: { course } }) : await api.post('/cms/publish');
      $drafts.set(onlyCourse ? $drafts.get().filter((draft) => !ofCourse(draft)) : []);
      $published.set($published.get() + 1);
      // Pages rendered per request (a course, a session) are live now: the page shows it, draft note gone.
      showLatestPage();
      if (published.build) {
        sessionStorage.setItem(ASKED_KEY, String(published.build.id));
        setCurrent(published.build);
        setBuilds((list) => [published.build as BuildRequest, ...list].slice(0, 10));
      }
    } catch (failure) {
      setError(t('cms.error', { message: (failure as Error).message }));
    } finally {
      setRequesting(false);
    }
  };

  return (
    <div className="cms-publish">
      <p data-testid="cms-pending">{t('cms.publish.pending', { count: drafts.length })}</p>
      <p>
        <button type="button" onClick={() => void publish(false)} disabled={requesting || building}>
          {requesting ? t('cms.publish.requesting') : t('cms.publish.button')}
        </button>
        {course !== undefined && (
          <button
            type="button"
            className="secondary"
            data-testid="cms-publish-course"
            onClick={() => void publish(true)}
            disabled={requesting || building || courseDrafts === 0}
          >
            {t('cms.publish.course', { count: courseDrafts })}
          </button>
        )}
      </p>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <div role="status" aria-live="polite" data-testid="cms-build-status" data-status={current?.status ?? ''}>
        {current && (
          <>
            <p>
              <strong>{t('cms.build.line', { id: current.id, status: t(`cms.build.${current.status}`) })}</strong>
            </p>
            {finished(current) ? (
              current.durationMs !== null && <p>{t('cms.build.duration', { seconds: seconds(current.durationMs) })}</p>
            ) : (
              <p className="muted">{t('cms.build.elapsed', { seconds: Math.max(0, Math.round((now - Date.parse(current.requestedAt)) / 1000)) })}</p>
            )}
            {current.status === 'failed' && current.error && <p className="error-text">{t('cms.build.error', { error: current.error })}</p>}
            {current.status === 'live' && (
              <p>
                {t('cms.build.liveNote')}{' '}
                <button type="button" className="secondary" onClick={() => location.reload()}>
                  {t('cms.build.reload')}
                </button>
              </p>
            )}
          </>
        )}
      </div>
      {builds.length > 0 && (
        <table className="cms-builds">
          <caption>{t('cms.build.recent')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('cms.build.number')}</th>
              <th scope="col">{t('cms.build.when')}</th>
              <th scope="col">{t('cms.build.by')}</th>
              <th scope="col">{t('cms.build.status')}</th>
              <th scope="col">{t('cms.build.time')}</th>
            </tr>
          </thead>
          <tbody>
            {builds.map((build) => (
              <tr key={build.id}>
                <td>{build.id}</td>
                <td>{formatDate(build.requestedAt)}</td>
                <td>{build.requestedBy}</td>
                <td>{t(`cms.build.${build.status}`)}</td>
                <td>{build.durationMs === null ? '' : `${seconds(build.durationMs)} s`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
