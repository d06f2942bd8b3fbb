import { useEffect, useState } from 'react';
import type { PageDocument } from '../../lib/cms-marker.ts';

export interface CmsPageContext {
  siteId: string;
  locale: string;
  documents: PageDocument[];
  /** The page is an editor itself (a course's editing screen): no panel over it. */
  editorScreen: boolean;
  /** The page's published course when it carries ECM credits (its event and editions are set up here), else null. */
  ecmCourse: string | null;
  /** Changes on every navigation, so the preview is applied to the new page. */
  path: string;
}

function read(): CmsPageContext {
  const root = document.documentElement;
  const marker = document.getElementById('cms-page');
  let documents: PageDocument[] = [];
  try {
    documents = marker?.dataset.documents ? (JSON.parse(marker.dataset.documents) as PageDocument[]) : [];
  } catch {
    documents = [];
  }
  return {
    siteId: root.dataset.siteId ?? 'not-set',
    locale: root.dataset.locale ?? root.lang ?? 'it-IT',
    documents,
    editorScreen: marker?.dataset.editorScreen !== undefined,
    ecmCourse: marker?.dataset.ecmCourse ?? null,
    path: location.pathname,
  };
}

/** What the page offers to edit, read again after each client-router navigation. */
export function usePageContext(): CmsPageContext {
  const [context, setContext] = useState(read);
  useEffect(() => {
    const update = () => setContext(read());
    document.addEventListener('astro:page-load', update);
    return () => document.removeEventListener('astro:page-load', update);
  }, []);
  return context;
}
