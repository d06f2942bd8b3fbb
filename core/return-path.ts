/** Only same-origin relative paths are followed after sign-in: no open redirect. */
export function isSafeReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  // Control characters and backslashes let browsers reinterpret the path as another origin.
  return !/[\u0000-\u001f\\]/.test(path);
}

/** The sign-in page that, once signed in, goes back to `returnTo` (the page checks it with isSafeReturnPath). */
export function signInPath(returnTo: string): string {
  return `/tiles-access?${new URLSearchParams({ returnTo })}`;
}
