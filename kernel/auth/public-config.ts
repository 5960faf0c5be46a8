/** GET /v3/public/config: what the workspace needs before anyone signs in. */
import { z } from 'zod';
import type { RouteRegistrar } from '../http/route-spec';
import type { Kernel } from '../kernel';
import { publicSocialProviders } from './federation/providers';
import { publicScalePad } from './partner/scalepad';
import { platformFlags } from './platform-flags';
import { providerUrls } from './provider';
import { WORKSPACE_CLIENT_ID, WORKSPACE_SCOPE } from './tokens';

const PLATFORM_VERSION = '2024.12.10';

const publicConfigSchema = z.object({
  version: z.string(),
  region: z.string(),
  /** The API origin of each region's deployment (LCI_REGION_URLS; docs/regions.md); the workspace calls the tenant's. */
  regionUrls: z.record(z.string(), z.string()).optional(),
  /** The support address error screens offer (LCI_SUPPORT_EMAIL). */
  supportEmail: z.string().optional(),
  publicApiKey: z.string(),
  apiKey: z.string(),
  oidc: z.object({ issuer: z.string(), clientId: z.string(), scope: z.string(), resource: z.string() }),
  /** Platform-level values of the flags public screens need (platform-flags.ts). */
  flags: z.record(z.string(), z.boolean()).optional(),
  /** Social sign-in buttons to show (providers with a client id configured), in order. */
  social: z.array(z.object({ id: z.enum(['ms', 'google']), name: z.string() })).optional(),
  /** ScalePad partner sign-in: off (LCI_SCALEPAD_ unset) or the authorization endpoint and client id (partner/scalepad.ts). */
  scalepad: z
    .object({
      enabled: z.boolean(),
      authorizeUrl: z.string().optional(),
      clientId: z.string().optional(),
      scope: z.string().optional(),
    })
    .optional(),
});
type PublicConfig = z.infer<typeof publicConfigSchema>;

function publicConfig(k: Kernel): PublicConfig {
  const urls = providerUrls(k.config);
  return {
    version: PLATFORM_VERSION,
    region: k.config.region,
    regionUrls: { ...k.config.regionUrls },
    supportEmail: k.config.supportEmail,
    publicApiKey: k.config.publicApiKey,
    apiKey: k.config.apiKey,
    oidc: { issuer: urls.issuer, clientId: WORKSPACE_CLIENT_ID, scope: WORKSPACE_SCOPE, resource: urls.resource },
    social: publicSocialProviders(k.config),
    scalepad: publicScalePad(k.config.scalepad),
  };
}

export function registerPublicConfigRoute(r: RouteRegistrar, k: Kernel): void {
  r.get(
    '/v3/public/config',
    {
      auth: 'public',
      summary: 'Workspace bootstrap: version, region, API keys and the sign-in (OIDC) settings',
      tags: ['identity'],
      response: publicConfigSchema,
      reroute: false,
      scope: 'system',
    },
    async ({ db }) => ({ ...publicConfig(k), flags: await platformFlags(db) }),
  );
}
