/**
 * Where 'Apri il CMS' leads an editor: the CMS address the deployment configures (`CMS_URL`),
 * or, when none is set, the site's home in the editor's locale, where CMS mode edits each page in
 * place. Null when that is the page the link would sit on: a link to itself helps no one.
 */
export function cmsLink(configured: string | undefined, locale: string, currentPath: string): string | null {
  const target = configured?.trim() || `/${locale}`;
  const samePage = !/^[a-z][a-z0-9+.-]*:/i.test(target) && target.replace(/\/+$/, '') === currentPath.replace(/\/+$/, '');
  return samePage ? null : target;
}
