/** How often the client asks whether a new build is out: hourly. */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;
/** The first check waits a second for the page to settle. */
export const FIRST_CHECK_DELAY_MS = 1_000;

export interface BuildInfo {
  id: string;
  builtAt: string;
}

/** The latest build's id when it differs from the running one, else null. */
export async function findNewBuild(currentId: string, fetchLatest: () => Promise<Response>): Promise<string | null> {
  try {
    const response = await fetchLatest();
    if (!response.ok) return null;
    const latest = (await response.json()) as Partial<BuildInfo>;
    return typeof latest.id === 'string' && latest.id !== currentId ? latest.id : null;
  } catch {
    // Offline or mid-deploy: ask again at the next check.
    return null;
  }
}
