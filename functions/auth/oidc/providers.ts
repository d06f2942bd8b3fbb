import { z } from 'zod';
import type { Env } from '../../env.ts';

/** An identity provider, from configuration: OIDC_PROVIDERS (JSON) plus the secret OIDC_SECRET_{ID}. */
export interface OidcProvider {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /** Plain-http issuers are accepted only when they are on this machine (tests, local providers). */
  allowHttp: boolean;
}

const providerSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,32}$/),
  name: z.string().min(1).max(60),
  issuer: z.url(),
  clientId: z.string().min(1).max(200),
  scopes: z.string().max(200).default('openid profile email'),
});

function isLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1');
}

export function parseProviders(env: Env): OidcProvider[] {
  if (!env.OIDC_PROVIDERS) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(env.OIDC_PROVIDERS);
  } catch {
    console.error('OIDC_PROVIDERS is not valid JSON: no identity provider is offered');
    return [];
  }
  const parsed = z.array(providerSchema).safeParse(raw);
  if (!parsed.success) {
    console.error('OIDC_PROVIDERS is invalid:', parsed.error.message);
    return [];
  }
  return parsed.data.flatMap((provider) => {
    // Secrets are per provider, so their names are not known to the Env type.
    const secret = (env as unknown as Record<string, unknown>)[`OIDC_SECRET_${provider.id.toUpperCase().replaceAll('-', '_')}`];
    if (typeof secret !== 'string' || !secret) {
      console.error(`Identity provider ${provider.id} has no OIDC_SECRET_ secret: not offered`);
      return [];
    }
    if (new URL(provider.issuer).protocol !== 'https:' && !isLocal(provider.issuer)) return [];
    return [{ ...provider, clientSecret: secret, allowHttp: isLocal(provider.issuer) }];
  });
}

export function findProvider(env: Env, id: string): OidcProvider | undefined {
  return parseProviders(env).find((provider) => provider.id === id);
}

/** Providers' names for people (`Medikey, SPID`), by id; an id no longer configured shows as itself. */
export function providerNames(env: Env, ids: readonly string[]): string {
  const configured = parseProviders(env);
  return ids.map((id) => configured.find((provider) => provider.id === id)?.name ?? id).join(', ');
}
