import { useEffect, useRef, useState } from 'react';
import type { ScormCommitted } from '../../../core/contracts/scorm.ts';
import type { ScormItem, ScormVersion } from '../../../core/scorm/manifest.ts';
import { translator } from '../../../core/translate.ts';
import { scormCommits, type CommitStatus, type SessionParam } from '../../lib/scorm-commits.ts';

/** A SCORM session as the page hands it to the player: the package and the learner's data to resume from. */
export interface ScormLaunch {
  version: ScormVersion;
  title: string;
  items: ScormItem[];
  /** The package's address for this session (`/scorm/{course}/{m}/{s}/`). */
  base: string;
  /** The CMI data to start from (core/scorm/runtime.ts `restoredCmi`): the learner's, or who they are on a first visit. */
  cmi: Record<string, unknown>;
  /** An editor's or tester's preview of a draft: the package runs, nothing is sent or kept. */
  preview: boolean;
}

interface Props {
  launch: ScormLaunch;
  session: SessionParam;
  siteId: string;
  locale: string;
  strings: Record<string, string>;
  onCommitted: (answer: ScormCommitted) => void;
}

/** What the player uses of scorm-again's API classes. */
interface RuntimeApi {
  renderCommitCMI(terminate: boolean): unknown;
  loadFromJSON(json: Record<string, unknown>, element?: string): void;
}
type RuntimeClass = new (settings: object) => RuntimeApi;

/**
 * How often the runtime's data is looked at while the learner works, besides the package's own
 * commits and leaving: sent when it changed (an unchanged commit sends nothing), so a package that
 * sets values without committing loses at most these seconds.
 */
const COMMIT_EVERY_MS = 5_000;

/**
 * Sandbox of the package's frame: scripts and forms; `allow-same-origin` because a SCO finds
 * the runtime API in its parent window (`window.parent.API`), which a sandboxed frame of another
 * origin cannot reach; popups for the pages packages open in a new window; modals because packages
 * ask with `confirm()` whether to continue where the learner left off (without it the browser
 * answers false unseen, the package starts again and overwrites the bookmark) and tell things with
 * `alert()`. No top navigation, no downloads, no pointer lock. What the package may load and run
 * is the CSP of its own path.
 */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals';

/**
 * Plays a SCORM package: the runtime API from scorm-again (`window.API` for 1.2,
 * `window.API_1484_11` for 2004, loaded only here), restored from the learner's data, the package
 * in a sandboxed frame, and the data committed to the server (src/lib/scorm-commits.ts) on every
 * commit of the package (`LMSCommit`, `Commit`), every 5 s while it changes and when the page is
 * left. The status says "saved" only once the server has acknowledged a commit.
 */
export default function ScormPlayer({ launch, session, siteId, locale, strings, onCommitted }: Props) {
  const t = translator(strings);
  const [status, setStatus] = useState<{ status: CommitStatus; reason?: string }>({ status: 'idle' });
  const [item, setItem] = useState(launch.items[0]?.launch ?? '');
  const [ready, setReady] = useState(false);
  const committed = useRef(onCommitted);
  committed.current = onCommitted;

  useEffect(() => {
    let cancelled = false;
    const commits = launch.preview
      ? { push() {}, leave() {}, stop() {} }
      : scormCommits({
          siteId,
          locale,
          session,
          onCommitted: (answer) => committed.current(answer),
          onStatus: (next, reason) => setStatus({ status: next, reason }),
        });
    // The package cannot change its total time: the server adds this sitting's session time to the one it restored.
    const totalTime = launch.version === '1.2' ? (launch.cmi.core as Record<string, unknown> | undefined)?.total_time : launch.cmi.total_time;
    const cmiOf = (commit: unknown): Record<string, unknown> => {
      const root = ((commit as { cmi?: unknown } | null)?.cmi ?? {}) as Record<string, unknown>;
      const copy = structuredClone(root);
      if (launch.version === '1.2') copy.core = { ...(copy.core as Record<string, unknown>), total_time: totalTime };
      else copy.total_time = totalTime;
      return copy;
    };
    let api: RuntimeApi | null = null;
    const httpService = {
      processHttpRequest(_url: string, params: unknown) {
        commits.push(cmiOf(params));
        return { result: true, errorCode: 0 };
      },
      updateSettings() {},
    };
    const settings = { lmsCommitUrl: '/scorm-commit', autocommit: true, autocommitSeconds: COMMIT_EVERY_MS / 1000, logLevel: 5, httpService };
    const global = window as unknown as Record<string, unknown>;
    const name = launch.version === '1.2' ? 'API' : 'API_1484_11';
    (async () => {
      // The ES modules export the class by name (their type declarations say default).
      const runtime =
        launch.version === '1.2'
          ? ((await import('scorm-again/scorm12/min')) as unknown as { Scorm12API: RuntimeClass }).Scorm12API
          : ((await import('scorm-again/scorm2004/min')) as unknown as { Scorm2004API: RuntimeClass }).Scorm2004API;
      if (cancelled) return;
      api = new runtime(settings);
      api.loadFromJSON(launch.cmi, 'cmi');
      global[name] = api;
      setReady(true);
    })();
    const regularly = setInterval(() => api && commits.push(cmiOf(api.renderCommitCMI(false))), COMMIT_EVERY_MS);
    const leave = () => {
      if (api) commits.push(cmiOf(api.renderCommitCMI(true)));
      commits.leave();
    };
    const onHide = () => document.visibilityState === 'hidden' && leave();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onHide);
    document.addEventListener('astro:before-swap', leave);
    return () => {
      cancelled = true;
      clearInterval(regularly);
      commits.stop();
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onHide);
      document.removeEventListener('astro:before-swap', leave);
      delete global[name];
    };
  }, [session.courseId, session.module, session.session]);

  return (
    <div className="scorm">
      <h2 data-testid="scorm-title">{launch.title}</h2>
      {launch.items.length > 1 && (
        <nav aria-label={t('player.scormItems')}>
          <ul className="scorm-items">
            {launch.items.map((entry) => (
              <li key={entry.launch}>
                <button type="button" aria-current={entry.launch === item ? 'true' : undefined} onClick={() => setItem(entry.launch)}>
                  {entry.title}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {ready && <iframe src={`${launch.base}${item}`} title={launch.title} sandbox={SANDBOX} className="scorm-frame" data-testid="scorm-frame" />}
      <p className={status.status === 'refused' ? 'field-error' : 'muted'} role="status" data-testid="scorm-status" data-status={status.status}>
        {launch.preview ? t('player.scormPreview') : statusText(status.status, status.reason ?? '', t)}
      </p>
    </div>
  );
}

function statusText(status: CommitStatus, reason: string, t: (key: string, values?: Record<string, string>) => string): string {
  switch (status) {
    case 'idle':
      return t('player.scormIdle');
    case 'saved':
      return t('player.scormSaved');
    case 'saving':
      return t('player.scormSaving');
    case 'retrying':
      return t('player.scormRetrying');
    case 'refused':
      return t('player.scormRefused', { reason });
  }
}
