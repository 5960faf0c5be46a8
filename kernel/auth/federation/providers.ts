/** The social sign-in providers (Microsoft, Google) and which of them are configured. */
import type { Config, SocialProviderId } from '../../../config';

export interface SocialProvider {
  id: SocialProviderId;
  name: string;
  clientId: string;
  clientSecret: string;
  issuer: string;
}

export const SOCIAL_PROVIDER_NAMES: Record<SocialProviderId, string> = { ms: 'Microsoft', google: 'Google' };
const SOCIAL_PROVIDER_IDS = Object.keys(SOCIAL_PROVIDER_NAMES) as SocialProviderId[];

export function isSocialProviderId(v: string): v is SocialProviderId {
  return (SOCIAL_PROVIDER_IDS as string[]).includes(v);
}

/** The providers switched on (a client id and secret set), in button order. */
export function socialProviders(config: Config): SocialProvider[] {
  return SOCIAL_PROVIDER_IDS.flatMap((id) => {
    const c = config.social?.[id];
    if (!c?.clientId || !c.clientSecret) return [];
    return [
      { id, name: SOCIAL_PROVIDER_NAMES[id], clientId: c.clientId, clientSecret: c.clientSecret, issuer: c.issuer },
    ];
  });
}

/** What GET /v3/public/config tells the sign-in screen: the buttons to show. */
export function publicSocialProviders(config: Config): { id: SocialProviderId; name: string }[] {
  return socialProviders(config).map(({ id, name }) => ({ id, name }));
}

/** The redirect URI registered with each upstream provider. */
export function federatedCallbackUrl(config: Config): string {
  return `${config.baseUrl}/oidc/federated/callback`;
}
