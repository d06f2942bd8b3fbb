import { useEffect, useRef, useState } from 'react';
import type { ScormCommitted } from '../../../core/contracts/scorm.ts';
import { runtimeAddress } from '../../../core/scorm/content-address.ts';
import type { ScormItem, ScormVersion } from '../../../core/scorm/manifest.ts';
import { cmiFacts, reportsNothing, restoredCmi } from '../../../core/scorm/runtime.ts';
import { translator } from '../../../core/translate.ts';
import { recoverFromChunkError } from '../../lib/chunk-guard-client.ts';
import { scormCommits, type CommitStatus, type SessionParam } from '../../lib/scorm-commits.ts';
import { keepGrantFresh } from '../../lib/scorm-grant-renewal.ts';
import { unloadItem } from '../../lib/scorm-item-unload.ts';

/** A SCORM session as the page hands it to the player: the package and the learner's data to resume from. */
export interface ScormLaunch {
  version: ScormVersion;
  title: string;
  items: ScormItem[];
  /**
   * Where the package runs: the SCORM content origin and this user's signed grant for this session's
   * package (core/scorm/content-address.ts), with how many seconds it stays valid from the page's
   * making; null when the site has no content origin configured.
   */
  content: { origin: string; grant: string; validSeconds: number } | null;
  /**
   * One runtime per item (SCO), in the items' order: its key (core/scorm/manifest.ts `itemKey`), the
   * CMI data to start from (core/scorm/runtime.ts `restoredCmi`: the learner's, or who they are on a
   * first visit) and whether the learner is done with it.
   */
  runtimes: { key: string; cmi: Record<string, unknown>; done: boolean }[];
  /** The item the player opens on (core/scorm/resume-item.ts): where the learner left off. */
  resumeAt: number;
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

/** How long an item's runtime stays after its frame went, for the calls of the item's unload handler to arrive. */
const UNLOAD_SETTLES_MS = 250;
/** How long the learner's choice of another item waits for the left item's runtime page to say the item unloaded. */
const UNLOAD_ANSWER_MS = 2_000;
/** The next item's runtime starts this much after the left one's is gone, whatever the timers' rounding. */
const SETTLE_MARGIN_MS = 20;

/** A page reloaded for its own policy is not reloaded again for it before this. */
const RELOAD_GUARD_MS = 30_000;

/** Messages a second from the package's frame: scorm-again's default (100) drops a burst of SetValues. */
const CROSS_FRAME_RATE_LIMIT = 2_000;

/** What the player uses of scorm-again's API classes. */
interface RuntimeApi {
  renderCommitCMI(terminate: boolean): unknown;
  loadFromJSON(json: Record<string, unknown>, element?: string): void;
  isInitialized(): boolean;
  isTerminated(): boolean;
}
type RuntimeClass = new (settings: object) => RuntimeApi;
type CrossFrameClass = new (api: RuntimeApi, origin: string, options: { rateLimit: number }) => { destroy(): void };

/**
 * How often the runtime's data is looked at while the learner works, besides the package's own
 * commits and leaving: sent when it changed (an unchanged commit sends nothing), so a package that
 * sets values without committing loses at most these seconds.
 */
const COMMIT_EVERY_MS = 5_000;

/**
 * Sandbox of the package's frame, which is of the content origin, never the site's: scripts and
 * forms; `allow-same-origin` so that the SCO finds the runtime API in its parent window (the
 * content origin's runtime page, `window.parent.API`) and keeps its own storage; popups for the
 * pages packages open in a new window; modals because packages ask with `confirm()` whether to
 * continue where the learner left off (without it the browser answers false unseen, the package
 * starts again and overwrites the bookmark) and tell things with `alert()`. No top navigation, no
 * downloads, no pointer lock. What the package may load and run is the content origin's CSP.
 */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals';

/**
 * Plays a SCORM package: the runtime API from scorm-again (1.2 or 2004, loaded only here), a fresh
 * one for each item (SCO) the learner opens, restored from the learner's data for that item; the
 * item runs in a sandboxed frame on the content origin, whose runtime page (functions/scorm/
 * serve-content.ts) reaches this API through scorm-again's cross-frame pair (`CrossFrameAPI`
 * there, `CrossFrameLMS` here, by postMessage, from that origin only); the
 * data committed to the server (src/lib/scorm-commits.ts) under the item's key on every commit of
 * the package (`LMSCommit`, `Commit`), every 5 s while it changes, when another item opens and when
 * the page is left. The status says "saved" only once the server has acknowledged a commit.
 */
export default function ScormPlayer({ launch, session, siteId, locale, strings, onCommitted }: Props) {
  const t = translator(strings, locale);
  const [status, setStatus] = useState<{ status: CommitStatus; reason?: string }>({ status: 'idle' });
  const [index, setIndex] = useState(() => (launch.runtimes[launch.resumeAt] ? launch.resumeAt : 0));
  // The item whose runtime is in place: its frame opens only then, and closes before the next one's.
  const [ready, setReady] = useState<number | null>(null);
  const [done, setDone] = useState(() => new Set(launch.runtimes.filter((runtime) => runtime.done).map((runtime) => runtime.key)));
  // What each item last committed in this sitting: reopening an item resumes from it.
  const latest = useRef(new Map<string, Record<string, unknown>>());
  // The item's frame, asked to unload its item before it goes; the item chosen meanwhile.
  const frame = useRef<HTMLIFrameElement>(null);
  const choice = useRef<number | null>(null);
  // Counts the items opened, so that choosing again the item just unloaded opens it again.
  const [opening, setOpening] = useState(0);
  // When the item left last has had its runtime removed: the next one's starts after, or the left
  // one's bridge would answer the new item's frame (both listen to the content origin).
  const settledAt = useRef(0);
  /** The runtime could not start (its code or the learner's data): the frame stays away, the status says so. */
  const [unavailable, setUnavailable] = useState(false);
  const committed = useRef(onCommitted);
  committed.current = onCommitted;
  // Starting over would stop this sitting's commits and restart the runtime from the data the page
  // opened with: the effect starts only for another session or item, reading the rest as it was then.
  const page = useRef({ launch, session, siteId, locale });
  page.current = { launch, session, siteId, locale };
  const { courseId, module, session: number } = session;
  const item = launch.items[index]?.launch ?? '';
  const contentOrigin = launch.content?.origin ?? null;
  // The package's address, renewed while the page stays open: the item then reopens from what it saved.
  const [grant, setGrant] = useState(launch.content ? { grant: launch.content.grant, validSeconds: launch.content.validSeconds } : null);

  useEffect(() => {
    const { launch, session, siteId, locale } = page.current;
    if (!grant || launch.preview) return;
    return keepGrantFresh({ siteId, locale, session, validSeconds: grant.validSeconds, onRenewed: setGrant });
  }, [grant]);

  // Reached by a client-side navigation, the document keeps the policy of the page it first loaded,
  // and a pre-rendered page's frames nothing of the content origin: the browser refuses the frame.
  // A full load of this page brings its own policy (once in a while, so a misconfiguration cannot loop).
  useEffect(() => {
    if (!contentOrigin) return;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (!event.blockedURI.startsWith(contentOrigin)) return;
      const key = `tiles-scorm-reload:${location.pathname}`;
      if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < RELOAD_GUARD_MS) return;
      sessionStorage.setItem(key, String(Date.now()));
      location.reload();
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [contentOrigin]);

  useEffect(() => {
    const { launch, session, siteId, locale } = page.current;
    let cancelled = false;
    const runtimeOf = launch.runtimes[index];
    if (!runtimeOf) return;
    const key = runtimeOf.key;
    const kept = latest.current.get(key);
    const keptFacts = kept && cmiFacts(launch.version, kept);
    const startCmi = kept && keptFacts ? restoredCmi(launch.version, kept, keptFacts.totalSeconds + keptFacts.sessionSeconds) : runtimeOf.cmi;
    const commits = launch.preview
      ? { push() {}, leave() {}, stop() {} }
      : scormCommits({
          siteId,
          locale,
          session,
          item: key,
          onCommitted: (answer) => {
            setDone(new Set(answer.itemsDone));
            committed.current(answer);
          },
          onStatus: (next, reason) => setStatus({ status: next, reason }),
        });
    // The package cannot change its total time: the server adds this sitting's session time to the one it restored.
    const totalTime = launch.version === '1.2' ? (startCmi.core as Record<string, unknown> | undefined)?.total_time : startCmi.total_time;
    const cmiOf = (commit: unknown): Record<string, unknown> => {
      const root = ((commit as { cmi?: unknown } | null)?.cmi ?? {}) as Record<string, unknown>;
      const copy = structuredClone(root);
      if (launch.version === '1.2') copy.core = { ...(copy.core as Record<string, unknown>), total_time: totalTime };
      else copy.total_time = totalTime;
      return copy;
    };
    // SCORM 2004 without completionSetByContent: the LMS completes an attempt as it ends (Rustici's
    // multi-SCO golf: pages that only initialize and terminate), for an item that initialized.
    const lmsCompletes = launch.version !== '1.2' && launch.items[index]?.runtime?.completionByLms === true;
    const attemptEnded = (cmi: Record<string, unknown>) => (lmsCompletes && reportsNothing(cmi) ? { ...cmi, completion_status: 'completed' } : cmi);
    let api: RuntimeApi | null = null;
    const httpService = {
      // scorm-again passes whether the commit is the package's Terminate/LMSFinish.
      processHttpRequest(_url: string, params: unknown, terminate?: boolean) {
        const cmi = terminate ? attemptEnded(cmiOf(params)) : cmiOf(params);
        latest.current.set(key, cmi);
        commits.push(cmi);
        return { result: true, errorCode: 0 };
      },
      updateSettings() {},
    };
    // A 1.2 SCO finishing without a status stays incomplete (scorm-again's default): packages that
    // report only at their end (the demo's) would otherwise be completed by opening and leaving them.
    const settings = { lmsCommitUrl: '/scorm-commit', autocommit: true, autocommitSeconds: COMMIT_EVERY_MS / 1000, logLevel: 5, httpService };
    let bridge: { destroy(): void } | null = null;
    const content = launch.content;
    (async () => {
      if (!content) throw new Error('No SCORM content origin is configured (SCORM_CONTENT_ORIGIN)');
      const settling = settledAt.current - Date.now();
      if (settling > 0) await new Promise((resolve) => setTimeout(resolve, settling));
      if (cancelled) return;
      // The ES modules export the classes by name (their type declarations say default).
      const [runtime, { CrossFrameLMS }] = await Promise.all([
        launch.version === '1.2'
          ? import('scorm-again/scorm12/min').then((module) => (module as unknown as { Scorm12API: RuntimeClass }).Scorm12API)
          : import('scorm-again/scorm2004/min').then((module) => (module as unknown as { Scorm2004API: RuntimeClass }).Scorm2004API),
        import('scorm-again/cross-frame-lms/min') as unknown as Promise<{ CrossFrameLMS: CrossFrameClass }>,
      ]);
      if (cancelled) return;
      api = new runtime(settings);
      api.loadFromJSON(startCmi, 'cmi');
      bridge = new CrossFrameLMS(api, content.origin, { rateLimit: CROSS_FRAME_RATE_LIMIT });
      setReady(index);
    })().catch((error: unknown) => {
      // A runtime chunk a deploy replaced reloads the page, as the chunk guard does for uncaught ones.
      if (cancelled || recoverFromChunkError(error)) return;
      console.error('The SCORM runtime did not start:', error);
      setUnavailable(true);
    });
    /** The runtime's data; `ends`: the learner leaves the item (another item, another page), which ends a started attempt. */
    const dataNow = (terminate: boolean, ends = false) => {
      if (!api) return null;
      const rendered = cmiOf(api.renderCommitCMI(terminate));
      const cmi = ends && (api.isInitialized() || api.isTerminated()) ? attemptEnded(rendered) : rendered;
      latest.current.set(key, cmi);
      return cmi;
    };
    const regularly = setInterval(() => {
      const cmi = dataNow(false);
      if (cmi) commits.push(cmi);
    }, COMMIT_EVERY_MS);
    const leave = (ends: boolean) => commits.leave(dataNow(true, ends) ?? undefined);
    // The page is going: its last commit leaves once. The tab hidden as it goes (visibilitychange
    // follows pagehide) sent a newer one with the attempt still going, which replaced the ended one.
    let going = false;
    const onLeave = () => {
      going = true;
      leave(true);
    };
    const onShow = () => {
      going = false;
    };
    // A hidden tab may come back: its data leaves, the attempt goes on.
    const onHide = () => !going && document.visibilityState === 'hidden' && leave(false);
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('pageshow', onShow);
    document.addEventListener('visibilitychange', onHide);
    document.addEventListener('astro:before-swap', onLeave);
    return () => {
      cancelled = true;
      clearInterval(regularly);
      setReady(null);
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('pageshow', onShow);
      document.removeEventListener('visibilitychange', onHide);
      document.removeEventListener('astro:before-swap', onLeave);
      // Another item opens (or the player goes): this one's frame is gone already, and what its
      // unload handler told the runtime (eXeLearning's pages report completion only then) arrives
      // as the next messages; its data leaves after them, then its runtime goes.
      settledAt.current = Date.now() + UNLOAD_SETTLES_MS + SETTLE_MARGIN_MS;
      setTimeout(() => {
        leave(true);
        commits.stop();
        bridge?.destroy();
      }, UNLOAD_SETTLES_MS);
    };
    // A renewed grant (another address for the package) starts the item again, from what it saved.
  }, [courseId, module, number, index, opening, grant?.grant]);

  // Another item: the one open unloads first inside its runtime page, whose answer follows what the
  // item's unload handler reported (eXeLearning's status), and only then does its frame go.
  const choose = (position: number) => {
    const left = frame.current?.contentWindow;
    const waiting = choice.current !== null;
    choice.current = position;
    if (waiting) return;
    if (!left || !contentOrigin || position === index) {
      choice.current = null;
      setIndex(position);
      return;
    }
    void unloadItem(left, contentOrigin, UNLOAD_ANSWER_MS).then(() => {
      setIndex(choice.current ?? position);
      setOpening((count) => count + 1);
      choice.current = null;
    });
  };

  return (
    <div className="scorm">
      <h2 data-testid="scorm-title">{launch.title}</h2>
      {launch.items.length > 1 && (
        <nav aria-label={t('player.scormItems')}>
          <ul className="scorm-items">
            {launch.items.map((entry, position) => {
              const isDone = done.has(launch.runtimes[position]?.key ?? '');
              return (
                <li key={launch.runtimes[position]?.key ?? position} data-testid="scorm-item" data-done={isDone ? 'true' : 'false'}>
                  <button type="button" aria-current={position === index ? 'true' : undefined} onClick={() => choose(position)}>
                    {entry.title}
                    {isDone && <span className="scorm-item-done"> ✓ {t('player.scormItemDone')}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {ready === index && launch.content && grant && (
        <iframe
          key={`${index} ${opening} ${grant.grant}`}
          ref={frame}
          src={runtimeAddress(launch.content.origin, grant.grant, item)}
          title={launch.title}
          sandbox={SANDBOX}
          className="scorm-frame"
          data-testid="scorm-frame"
        />
      )}
      {unavailable ? (
        <p className="field-error" role="status" data-testid="scorm-status" data-status="unavailable">
          {t('player.scormUnavailable')}
        </p>
      ) : (
        <p className={status.status === 'refused' ? 'field-error' : 'muted'} role="status" data-testid="scorm-status" data-status={status.status}>
          {launch.preview ? t('player.scormPreview') : statusText(status.status, status.reason ?? '', t)}
        </p>
      )}
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
