import type { z } from 'zod';
import type { federatedLoginRequest } from '../../core/contracts/user.ts';
import type { ApiContext } from '../api-context.ts';
import { issueTokens } from '../data/tokens.ts';
import { findUserById, loadUser, type User } from '../data/users.ts';
import { HttpError } from '../http-error.ts';
import { message } from '../messages.ts';
import { verifyIdToken, type IdentityClaims } from '../oidc/id-token.ts';
import { findProvider } from '../oidc/providers.ts';
import { sealSession, sessionSetCookie } from '../session-cookie.ts';
import { assertSessionSecret } from '../session-secret.ts';

/** Links the identity to a user by federated id, creating a learner on first sign-in. */
async function linkUser(context: ApiContext, provider: string, claims: IdentityClaims): Promise<string> {
  const db = context.env.DB;
  const linked = await db
    .prepare('SELECT f.user_id AS id FROM user_federation f JOIN user u ON u.id = f.user_id WHERE f.provider = ? AND f.federated_id = ? AND u.site_id = ?')
    .bind(provider, claims.sub, context.siteId)
    .first<{ id: string }>();
  if (linked) return linked.id;
  const id = `u-${crypto.randomUUID()}`;
  const code = `${provider}.${claims.sub}`.toLowerCase().replace(/[^a-z0-9._-]/g, '-').slice(0, 64);
  const firstName = (claims.given_name ?? claims.name ?? provider).slice(0, 80);
  const lastName = (claims.family_name ?? '').slice(0, 80) || '-';
  const email = typeof claims.email === 'string' && claims.email.length <= 254 ? claims.email : null;
  // User and link land together: a crash between them cannot leave a user nobody can reach.
  await db.batch([
    db
      .prepare("INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, ?, ?, 'm', ?, '[\"learner\"]', ?, ?)")
      .bind(id, context.siteId, code, firstName, lastName, email, context.localeCode, context.now, context.now),
    db.prepare('INSERT INTO user_federation (provider, federated_id, user_id, created_at) VALUES (?, ?, ?, ?)').bind(provider, claims.sub, id, context.now),
  ]);
  return id;
}

export async function federatedLogin(context: ApiContext, { json: body }: { json: z.output<typeof federatedLoginRequest> }): Promise<{ user: User; redirect: string }> {
  const provider = findProvider(context.env, body.provider);
  if (!provider) throw new HttpError(400, message('providerUnknown', context.language, { provider: body.provider }));
  let claims: IdentityClaims;
  try {
    claims = await verifyIdToken(provider, body.token);
  } catch (error) {
    console.warn(`ID token refused for ${provider.id}:`, error instanceof Error ? error.message : error);
    throw new HttpError(401, message('idTokenInvalid', context.language));
  }
  const userId = await linkUser(context, provider.id, claims);
  const row = await findUserById(context.env.DB, userId);
  if (!row) throw new HttpError(401, message('idTokenInvalid', context.language));
  const tokens = await issueTokens(context.env.DB, row.id, context.now);
  context.cookies.push(sessionSetCookie(await sealSession(tokens, assertSessionSecret(context.env)), context.url));
  return { user: await loadUser(context.env.DB, row), redirect: body.returnTo };
}
