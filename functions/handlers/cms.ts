import { z } from 'zod';
import type { ApiContext } from '../api-context.ts';
import { findBuildRequest, findVersion, loadEditorView, publishDrafts, saveDraft, type BuildRequest, type EditorView, type PageRef } from '../data/cms.ts';
import { eventStatement } from '../data/events.ts';
import { findSite } from '../data/site.ts';
import { HttpError } from '../http-error.ts';
import { message } from '../messages.ts';
import { readJson } from '../read-json.ts';
import { validate } from '../validate.ts';

const pageParams = z.object({
  kind: z.enum(['content', 'pf', 'repository']),
  locale: z.string().regex(/^[a-z]{2}-[A-Z]{2}$/),
  slug: z.string().regex(/^[a-z0-9-]{1,100}$/),
});

const pageBody = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(300),
  body: z
    .array(z.object({ type: z.enum(['h2', 'p']), text: z.string().trim().min(1).max(5000) }))
    .min(1)
    .max(100),
});

async function pageRef(context: ApiContext): Promise<PageRef> {
  const params = validate(pageParams, context.params, context.language);
  const site = await findSite(context.env.DB, context.siteId);
  if (!site?.supportedLocale.includes(params.locale)) {
    throw new HttpError(400, message('invalidField', context.language, { field: 'locale', detail: params.locale }));
  }
  return { siteId: context.siteId, ...params };
}

const pageName = (ref: PageRef) => `${ref.locale}/${ref.kind}/${ref.slug}`;

export async function getEditorPage(context: ApiContext): Promise<EditorView> {
  await context.requirePermission('drafts:read');
  return loadEditorView(context.env.DB, await pageRef(context));
}

export async function putEditorPage(context: ApiContext): Promise<EditorView> {
  const session = await context.requirePermission('content:edit');
  const ref = await pageRef(context);
  const page = validate(pageBody, await readJson(context), context.language);
  await saveDraft(context.env.DB, ref, page, session.user.id, context.now);
  await eventStatement(context.env.DB, context.siteId, session.user.id, 'cms.page.edit', pageName(ref), context.now).run();
  return loadEditorView(context.env.DB, ref);
}

export async function revertVersion(context: ApiContext): Promise<EditorView> {
  const session = await context.requirePermission('content:edit');
  const id = validate(z.coerce.number().int().positive(), context.params.id, context.language, 'id');
  const version = await findVersion(context.env.DB, context.siteId, id);
  if (!version) throw new HttpError(404, message('versionNotFound', context.language, { id: String(id) }));
  await saveDraft(context.env.DB, version, version, session.user.id, context.now);
  await eventStatement(context.env.DB, context.siteId, session.user.id, 'cms.page.revert', `${pageName(version)}#${id}`, context.now).run();
  return loadEditorView(context.env.DB, version);
}

export async function publish(context: ApiContext): Promise<{ requestId: number; pages: number }> {
  const session = await context.requirePermission('content:publish');
  const published = await publishDrafts(context.env.DB, context.siteId, session.user.id, context.now);
  await eventStatement(context.env.DB, context.siteId, session.user.id, 'cms.site.publish', `build#${published.requestId}`, context.now).run();
  return published;
}

export async function getBuild(context: ApiContext): Promise<BuildRequest> {
  await context.requirePermission('content:publish');
  const id = validate(z.coerce.number().int().positive(), context.params.id, context.language, 'id');
  const build = await findBuildRequest(context.env.DB, context.siteId, id);
  if (!build) throw new HttpError(404, message('buildNotFound', context.language, { id: String(id) }));
  return build;
}
