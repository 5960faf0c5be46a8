/**
 * Typed configuration: defaults, overridden by LCI_* variables and by
 * DATABASE_URL, REDIS_URL and PORT. Validated once at start; a bad value
 * throws a ConfigError naming the variable.
 */
import path from 'node:path';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';
import { DEFAULT_REGION, REGIONS, parseRegionUrls, type RegionCode } from './regions';
import { FORMER_DEVELOPMENT_SECRET, SECRET_FILE } from './server-secret';

export { REGIONS } from './regions';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Each entry: environment variable, description, schema, default (as text), secret. */
export const VARIABLES = {
  NODE_ENV: {
    desc: 'production, development or test',
    schema: z.enum(['production', 'development', 'test']),
    default: 'development',
  },
  PORT: { desc: 'HTTP port of the server', schema: int(0, 65535), default: '3000' },
  HOST: {
    desc: 'Address the HTTP server listens on: 127.0.0.1 (this machine only) unless set; 0.0.0.0 (or ::) for every interface, e.g. in a container or behind a proxy on another host',
    schema: z
      .string()
      .max(253)
      .regex(/^(?:[A-Za-z0-9.-]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$/, 'must be a host name or an IP address'),
    default: '127.0.0.1',
  },
  DATABASE_URL: {
    desc: 'PostgreSQL connection string; unset means the embedded PGlite database',
    schema: z.string().url().startsWith('postgres'),
    default: undefined,
    secret: true,
  },
  DATABASE_SYSTEM_URL: {
    desc: 'PostgreSQL: login of the system role lci_system (CLI, jobs, cross-tenant work); with it DATABASE_URL must log in as the application role lci_app (see lci db roles)',
    schema: z.string().url().startsWith('postgres'),
    default: undefined,
    secret: true,
  },
  DATABASE_OWNER_URL: {
    desc: 'PostgreSQL: login of the role that owns the tables, used only to migrate (lci db migrate, lci db roles, and a start with pending migrations)',
    schema: z.string().url().startsWith('postgres'),
    default: undefined,
    secret: true,
  },
  REDIS_URL: {
    desc: 'Redis for the cross-process realtime bus; unset means in-process',
    schema: z.string().url().startsWith('redis'),
    default: undefined,
    secret: true,
  },
  LCI_DATA_DIR: {
    desc: 'Folder of the embedded database, job queue and local storage',
    schema: z.string().min(1),
    default: './data',
  },
  LCI_REGION: {
    desc: 'API region: ue1 (US 1), ec1 (EU 1) or uw2 (US 2)',
    schema: z.enum(Object.keys(REGIONS) as [RegionCode, ...RegionCode[]]),
    default: DEFAULT_REGION,
  },
  LCI_REGION_URLS: {
    desc: "The API origin of each region's deployment, e.g. ue1=https://us.example.com,ec1=https://eu.example.com; the workspace sends its calls to the tenant's region (docs/regions.md)",
    schema: z.string(),
    default: '',
  },
  LCI_SUPPORT_EMAIL: {
    desc: 'Support address offered on error screens (a mail link)',
    schema: z.string().email(),
    default: 'support@lifecycle.local',
  },
  LCI_LOG_LEVEL: {
    desc: 'pino log level; default INFO in production and for lci serve (npm start) on a terminal, DEBUG otherwise',
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    default: undefined,
  },
  LCI_LOG_FORMAT: {
    desc: 'Log lines: json (for log collectors), pretty (short human lines) or auto (pretty on a terminal, JSON otherwise)',
    schema: z.enum(['auto', 'pretty', 'json']),
    default: 'auto',
  },
  LCI_BASE_URL: {
    desc: 'Public address of the server (issuer of tokens, links in mail)',
    schema: z.string().url(),
    default: undefined,
  },
  LCI_ALLOWED_ORIGINS: {
    desc: "Comma-separated extra browser origins (https://host[:port]) of the workspace besides the base URL's: they may open the realtime socket /ws and call /oidc from a browser (CORS)",
    schema: list,
    default: '',
  },
  LCI_SECRET: {
    desc: 'Secret for cookies, signed storage links and values sealed at rest; required in production (at least 32 characters, the same for every process); unset elsewhere: a random secret made on first start and kept in <LCI_DATA_DIR>/secret (mode 0600)',
    schema: z.string().min(16),
    default: undefined,
    secret: true,
  },
  LCI_API_KEY: {
    desc: 'API key the workspace and scripts send on signed-in calls (production refuses the development default)',
    schema: z.string().min(8),
    default: 'lci-app-key-development',
  },
  LCI_PUBLIC_API_KEY: {
    desc: 'Fixed API key sent on public calls',
    schema: z.string().min(8),
    default: 'lci-public-key',
  },
  LCI_REROUTE_BYTES: {
    desc: 'Responses larger than this are written to storage and rerouted',
    schema: int(1024, 1 << 30),
    default: String(5 * 1024 * 1024),
  },
  LCI_CHECK_RESPONSES: {
    desc: 'Check each 2xx JSON reply of a route that declares a response schema against it; a mismatch answers 500 naming the route and the fields (on in test servers, off in production: it costs a parse per reply)',
    schema: bool,
    default: 'false',
  },
  LCI_ACCESS_TOKEN_TTL: { desc: 'Access token lifetime in seconds', schema: int(60, 86400), default: '3600' },
  LCI_WS_MAX_PER_USER: {
    desc: "Realtime sockets (/ws) one user may hold on one server process; one more closes that user's oldest socket (close code 4008)",
    schema: int(1, 10000),
    default: '20',
  },
  LCI_WS_MAX_PER_TENANT: {
    desc: "Realtime sockets (/ws) of one tenant's users on one server process; beyond it a new socket is refused (close code 4009)",
    schema: int(1, 1000000),
    default: '500',
  },
  LCI_PLUGINS_DISABLED: { desc: 'Comma-separated plugin ids to switch off', schema: list, default: '' },
  LCI_SMTP_URL: {
    desc: 'SMTP server for mail (smtp://user:pass@host:port); unset keeps mail in the outbox',
    schema: z.string().url().startsWith('smtp'),
    default: undefined,
    secret: true,
  },
  LCI_MAIL_FROM: {
    desc: 'Sender address of mail',
    schema: z.string().min(3),
    default: 'Lifecycle <no-reply@lifecycle.local>',
  },
  LCI_SEED_DEMO: { desc: 'Load the demo tenant on first start with an empty database', schema: bool, default: 'true' },
  LCI_JOBS: { desc: 'Run the background job queue in this process', schema: bool, default: 'true' },
  LCI_DB_ACQUIRE_TIMEOUT_MS: {
    desc: 'PostgreSQL: how long a request waits for a database connection before it answers 503 (milliseconds)',
    schema: int(100, 120000),
    default: '3000',
  },
  LCI_MS_CLIENT_ID: {
    desc: 'Microsoft sign-in (OpenID Connect): client id of the app registration; unset switches the Microsoft button off',
    schema: z.string().min(1).max(200),
    default: undefined,
  },
  LCI_MS_CLIENT_SECRET: {
    desc: 'Microsoft sign-in: client secret (required with LCI_MS_CLIENT_ID)',
    schema: z.string().min(1).max(500),
    default: undefined,
    secret: true,
  },
  LCI_MS_ISSUER: {
    desc: 'Microsoft sign-in: issuer whose /.well-known/openid-configuration is read (https; http only on loopback)',
    schema: z.string().url(),
    default: 'https://login.microsoftonline.com/common/v2.0',
  },
  LCI_GOOGLE_CLIENT_ID: {
    desc: 'Google sign-in (OpenID Connect): OAuth client id; unset switches the Google button off',
    schema: z.string().min(1).max(200),
    default: undefined,
  },
  LCI_GOOGLE_CLIENT_SECRET: {
    desc: 'Google sign-in: client secret (required with LCI_GOOGLE_CLIENT_ID)',
    schema: z.string().min(1).max(500),
    default: undefined,
    secret: true,
  },
  LCI_GOOGLE_ISSUER: {
    desc: 'Google sign-in: issuer whose /.well-known/openid-configuration is read (https; http only on loopback)',
    schema: z.string().url(),
    default: 'https://accounts.google.com',
  },
  LCI_SCALEPAD_AUTHORIZE_URL: {
    desc: 'ScalePad partner sign-in (OAuth 2.0): authorization endpoint the browser is sent to; unset (with the other LCI_SCALEPAD_ values) switches partner sign-in off',
    schema: z.string().url(),
    default: undefined,
  },
  LCI_SCALEPAD_TOKEN_URL: {
    desc: 'ScalePad partner sign-in: token endpoint the server exchanges the code at',
    schema: z.string().url(),
    default: undefined,
  },
  LCI_SCALEPAD_USERINFO_URL: {
    desc: 'ScalePad partner sign-in: user info endpoint (company, first and last name, e-mail, subscriptions)',
    schema: z.string().url(),
    default: undefined,
  },
  LCI_SCALEPAD_CLIENT_ID: {
    desc: 'ScalePad partner sign-in: OAuth client id of Lifecycle',
    schema: z.string().min(1).max(200),
    default: undefined,
  },
  LCI_SCALEPAD_CLIENT_SECRET: {
    desc: 'ScalePad partner sign-in: OAuth client secret of Lifecycle',
    schema: z.string().min(1).max(500),
    default: undefined,
    secret: true,
  },
  LCI_SCALEPAD_SCOPE: {
    desc: 'ScalePad partner sign-in: scope asked at the authorization endpoint (empty: none sent)',
    schema: z.string().max(500),
    default: undefined,
  },
  LCI_STRIPE_SECRET_KEY: {
    desc: 'Stripe secret key; set switches billing to Stripe, unset uses the embedded billing provider',
    schema: z.string().min(8).max(500),
    default: undefined,
    secret: true,
  },
  LCI_STRIPE_WEBHOOK_SECRET: {
    desc: 'Stripe webhook signing secret (whsec_...) that verifies POST /v3/manager/stripe/webhook',
    schema: z.string().min(8).max(500),
    default: undefined,
    secret: true,
  },
  LCI_STRIPE_API_URL: {
    desc: "Base URL of the Stripe API (https; http only on loopback); unset means Stripe's own (api.stripe.com)",
    schema: z.string().url(),
    default: undefined,
  },
  LCI_GEO_URL: {
    desc: 'Geo/IP lookup service for sign-up (currency, time zone, country, continent, in_eu); {ip} in the URL is replaced by the client address; unset uses the offline default (browser time zone and locale)',
    schema: z.string().url(),
    default: undefined,
  },
  LCI_TRUSTED_PROXIES: {
    desc: 'Reverse proxies whose X-Forwarded-For/-Proto/-Host are believed: a number of proxy hops in front of the server, or comma-separated addresses/CIDRs (loopback, uniquelocal, linklocal allowed); unset trusts none (the client address is the peer)',
    schema: z.string().max(2000),
    default: undefined,
  },
  LCI_GEO_KEY: {
    desc: 'Key of the geo/IP lookup service (sent as the query parameter key)',
    schema: z.string().min(1).max(500),
    default: undefined,
    secret: true,
  },
  LCI_WARRANTY_DELL_URL: {
    desc: "Warranty lookup (assets): base URL of Dell's TechDirect API (OAuth token at /auth/oauth/v2/token, entitlements at /PROD/sbil/eapi/v5/asset-entitlements); https, http only on loopback",
    schema: z.string().url(),
    default: 'https://apigtwb2c.us.dell.com',
  },
  LCI_WARRANTY_LENOVO_URL: {
    desc: "Warranty lookup (assets): base URL of Lenovo's support API (/v2.5/warranty with the ClientID header); https, http only on loopback",
    schema: z.string().url(),
    default: 'https://supportapi.lenovo.com',
  },
  LCI_WARRANTY_HP_URL: {
    desc: "Warranty lookup (assets): base URL of HP's warranty API (OAuth token at /oauth/v1/token, queries at /productwarranty/v2/queries); https, http only on loopback",
    schema: z.string().url(),
    default: 'https://warranty.api.hp.com',
  },
} as const;

type Vars = typeof VARIABLES;
type VariableName = keyof Vars;

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  /** HOST: the address the HTTP server listens on (127.0.0.1 unless set). */
  host: string;
  databaseUrl?: string;
  /** DATABASE_SYSTEM_URL: the system role's login; requests then run on DATABASE_URL as the application role. */
  databaseSystemUrl?: string;
  /** DATABASE_OWNER_URL: the owner's login, for migrations only. */
  databaseOwnerUrl?: string;
  redisUrl?: string;
  dataDir: string;
  region: RegionCode;
  /** LCI_REGION_URLS: API origin of each region's deployment (this one's included or not). */
  regionUrls: Partial<Record<RegionCode, string>>;
  /** LCI_SUPPORT_EMAIL: the support address of error screens. */
  supportEmail: string;
  logLevel: string;
  /** LCI_LOG_FORMAT: JSON lines, short human lines, or auto (human on a terminal). */
  logFormat: 'auto' | 'pretty' | 'json';
  baseUrl: string;
  /** LCI_ALLOWED_ORIGINS: the workspace's origins besides the base URL's: they may open /ws and call /oidc from a browser. */
  allowedOrigins: string[];
  /**
   * The server secret: LCI_SECRET, or (secretSource 'data-dir', outside production) the one kept in
   * <dataDir>/secret, filled in at start by withServerSecret (config/server-secret.ts): empty until then.
   */
  secret: string;
  secretSource: 'environment' | 'data-dir';
  /** Former server secrets whose sealed values still open (config/server-secret.ts); nothing is signed with them. */
  formerSecrets: string[];
  apiKey: string;
  publicApiKey: string;
  rerouteBytes: number;
  /** LCI_CHECK_RESPONSES: replies are checked against the route's response schema (tests). */
  checkResponses: boolean;
  accessTokenTtl: number;
  /** LCI_WS_MAX_PER_USER / LCI_WS_MAX_PER_TENANT: realtime sockets per user and per tenant on one process. */
  wsMaxPerUser: number;
  wsMaxPerTenant: number;
  pluginsDisabled: string[];
  smtpUrl?: string;
  mailFrom: string;
  seedDemo: boolean;
  jobs: boolean;
  /** PostgreSQL: a request waits at most this long for a connection, then answers 503 (LCI_DB_ACQUIRE_TIMEOUT_MS). */
  dbAcquireTimeoutMs: number;
  /** Social sign-in providers (upstream OpenID Connect); a provider without client id is off. */
  social: Record<SocialProviderId, SocialProviderConfig>;
  /** ScalePad partner sign-in (OAuth 2.0); undefined when not configured. */
  scalepad?: ScalePadConfig;
  /** Stripe billing; undefined when LCI_STRIPE_SECRET_KEY is unset (the embedded provider is used). */
  stripe?: StripeConfig;
  /** Geo/IP lookup for sign-up; undefined when LCI_GEO_URL is unset (offline default). */
  geo?: { url: string; key?: string };
  /** LCI_TRUSTED_PROXIES: a hop count, or the addresses/CIDRs of trusted proxies; 0 or [] trusts none. */
  trustedProxies: number | string[];
  /** Base URLs of the warranty lookup vendors' APIs (LCI_WARRANTY_*_URL; the vendors' own by default). */
  warrantyUrls: { dell: string; lenovo: string; hp: string };
}

/** LCI_TRUSTED_PROXIES: empty (none), a hop count, or addresses/CIDRs that proxy-addr accepts. */
function readTrustedProxies(env: NodeJS.ProcessEnv): number | string[] {
  const raw = read(env, 'LCI_TRUSTED_PROXIES')?.trim() ?? '';
  if (raw === '') return [];
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError('LCI_TRUSTED_PROXIES', `is ${JSON.stringify(raw)}: at most 10 proxy hops`);
    return hops;
  }
  const list = raw
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(list);
  } catch (e) {
    throw new ConfigError(
      'LCI_TRUSTED_PROXIES',
      `is ${JSON.stringify(raw)}: ${(e as Error).message} (a hop count, or addresses/CIDRs separated by commas)`,
    );
  }
  return list;
}

function readRegionUrls(env: NodeJS.ProcessEnv): Partial<Record<RegionCode, string>> {
  try {
    return parseRegionUrls(read(env, 'LCI_REGION_URLS'));
  } catch (e) {
    throw new ConfigError('LCI_REGION_URLS', (e as Error).message);
  }
}

/** LCI_ALLOWED_ORIGINS: each entry an origin (scheme://host[:port], nothing after). */
function readAllowedOrigins(env: NodeJS.ProcessEnv): string[] {
  return (read(env, 'LCI_ALLOWED_ORIGINS') ?? []).map((v) => {
    let u: URL | null = null;
    try {
      u = new URL(v);
    } catch {
      /* refused below */
    }
    if (!u || !['http:', 'https:'].includes(u.protocol) || u.origin !== v.replace(/\/$/, ''))
      throw new ConfigError(
        'LCI_ALLOWED_ORIGINS',
        `has ${JSON.stringify(v)}: each entry must be an origin like https://app.example.com`,
      );
    return u.origin;
  });
}

interface StripeConfig {
  secretKey: string;
  webhookSecret?: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** LCI_STRIPE_SECRET_KEY switches Stripe on; LCI_STRIPE_API_URL (https, http only on loopback) points the SDK elsewhere. */
function readStripe(env: NodeJS.ProcessEnv): StripeConfig | undefined {
  const secretKey = read(env, 'LCI_STRIPE_SECRET_KEY');
  const webhookSecret = read(env, 'LCI_STRIPE_WEBHOOK_SECRET');
  const apiUrl = read(env, 'LCI_STRIPE_API_URL');
  if (!secretKey) {
    if (webhookSecret || apiUrl)
      throw new ConfigError(
        'LCI_STRIPE_SECRET_KEY',
        'must be set when LCI_STRIPE_WEBHOOK_SECRET or LCI_STRIPE_API_URL is set',
      );
    return undefined;
  }
  if (!apiUrl) return { secretKey, ...(webhookSecret ? { webhookSecret } : {}) };
  const u = new URL(apiUrl);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && loopback))
    throw new ConfigError(
      'LCI_STRIPE_API_URL',
      `is ${JSON.stringify(apiUrl)}: must be an https URL (http only on loopback)`,
    );
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return {
    secretKey,
    ...(webhookSecret ? { webhookSecret } : {}),
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

export interface ScalePadConfig {
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
}

/** All five ScalePad variables or none; the endpoints must be https (http only on loopback). */
function readScalePad(env: NodeJS.ProcessEnv): ScalePadConfig | undefined {
  const names = [
    'LCI_SCALEPAD_AUTHORIZE_URL',
    'LCI_SCALEPAD_TOKEN_URL',
    'LCI_SCALEPAD_USERINFO_URL',
    'LCI_SCALEPAD_CLIENT_ID',
    'LCI_SCALEPAD_CLIENT_SECRET',
  ] as const;
  const [authorizeUrl, tokenUrl, userInfoUrl, clientId, clientSecret] = names.map((n) => read(env, n));
  if (names.every((_, i) => [authorizeUrl, tokenUrl, userInfoUrl, clientId, clientSecret][i] === undefined))
    return undefined;
  const missing = names.find((_, i) => [authorizeUrl, tokenUrl, userInfoUrl, clientId, clientSecret][i] === undefined);
  if (missing)
    throw new ConfigError(missing, 'must be set with the other LCI_SCALEPAD_ variables (or leave them all unset)');
  for (const [name, url] of [
    [names[0], authorizeUrl],
    [names[1], tokenUrl],
    [names[2], userInfoUrl],
  ] as const) {
    const u = new URL(url!);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
    if (u.protocol !== 'https:' && !(u.protocol === 'http:' && loopback))
      throw new ConfigError(name, `is ${JSON.stringify(url)}: must be an https URL (http only on loopback)`);
  }
  const scope = read(env, 'LCI_SCALEPAD_SCOPE')?.trim();
  return {
    authorizeUrl: authorizeUrl!,
    tokenUrl: tokenUrl!,
    userInfoUrl: userInfoUrl!,
    clientId: clientId!,
    clientSecret: clientSecret!,
    ...(scope ? { scope } : {}),
  };
}

export type SocialProviderId = 'ms' | 'google';
interface SocialProviderConfig {
  clientId?: string;
  clientSecret?: string;
  issuer: string;
}

/** Reads one social provider's variables; a client id needs its secret, the issuer must be https (http only on loopback). */
function readSocial(env: NodeJS.ProcessEnv, prefix: 'LCI_MS' | 'LCI_GOOGLE'): SocialProviderConfig {
  const clientId = read(env, `${prefix}_CLIENT_ID`);
  const clientSecret = read(env, `${prefix}_CLIENT_SECRET`);
  const issuer = read(env, `${prefix}_ISSUER`)!.replace(/\/$/, '');
  if (clientId && !clientSecret)
    throw new ConfigError(`${prefix}_CLIENT_SECRET`, `must be set when ${prefix}_CLIENT_ID is set`);
  const u = new URL(issuer);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && loopback))
    throw new ConfigError(
      `${prefix}_ISSUER`,
      `is ${JSON.stringify(issuer)}: must be an https URL (http only on loopback)`,
    );
  return { clientId, clientSecret, issuer };
}

/** LCI_GEO_URL (https, http only on loopback) switches the geo service on; LCI_GEO_KEY needs it. */
function readGeo(env: NodeJS.ProcessEnv): Config['geo'] {
  const url = read(env, 'LCI_GEO_URL');
  const key = read(env, 'LCI_GEO_KEY');
  if (!url) {
    if (key) throw new ConfigError('LCI_GEO_URL', 'must be set when LCI_GEO_KEY is set');
    return undefined;
  }
  const u = new URL(url.replace('{ip}', '0.0.0.0'));
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && loopback))
    throw new ConfigError('LCI_GEO_URL', `is ${JSON.stringify(url)}: must be an https URL (http only on loopback)`);
  return { url, ...(key ? { key } : {}) };
}

export class ConfigError extends Error {
  constructor(
    public variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

function read<N extends VariableName>(env: NodeJS.ProcessEnv, name: N): z.output<Vars[N]['schema']> | undefined {
  const spec = VARIABLES[name];
  const raw = env[name] !== undefined && env[name] !== '' ? env[name] : spec.default;
  if (raw === undefined) return undefined;
  const parsed = (spec.schema as z.ZodType).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(name, `is ${JSON.stringify(raw)}: ${issue?.message ?? 'invalid'} (${spec.desc})`);
  }
  return parsed.data as z.output<Vars[N]['schema']>;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = read(env, 'NODE_ENV')!;
  const port = read(env, 'PORT')!;
  const secret = read(env, 'LCI_SECRET');
  if (nodeEnv === 'production' && (!secret || secret === FORMER_DEVELOPMENT_SECRET || secret.length < 32)) {
    throw new ConfigError(
      'LCI_SECRET',
      'must be set to a value of at least 32 characters in production (the same for every process of the deployment)',
    );
  }
  const host = read(env, 'HOST')!;
  if (nodeEnv === 'production' && read(env, 'LCI_API_KEY') === VARIABLES.LCI_API_KEY.default) {
    throw new ConfigError(
      'LCI_API_KEY',
      `must be set in production (the development key ${VARIABLES.LCI_API_KEY.default} is public)`,
    );
  }
  return {
    env: nodeEnv,
    port,
    host,
    databaseUrl: read(env, 'DATABASE_URL'),
    databaseSystemUrl: read(env, 'DATABASE_SYSTEM_URL'),
    databaseOwnerUrl: read(env, 'DATABASE_OWNER_URL'),
    redisUrl: read(env, 'REDIS_URL'),
    dataDir: read(env, 'LCI_DATA_DIR')!,
    region: read(env, 'LCI_REGION')!,
    regionUrls: readRegionUrls(env),
    supportEmail: read(env, 'LCI_SUPPORT_EMAIL')!,
    logLevel: read(env, 'LCI_LOG_LEVEL') ?? (nodeEnv === 'production' ? 'info' : 'debug'),
    logFormat: read(env, 'LCI_LOG_FORMAT')!,
    baseUrl: (read(env, 'LCI_BASE_URL') ?? `http://${reachableHost(host)}:${port}`).replace(/\/$/, ''),
    allowedOrigins: readAllowedOrigins(env),
    secret: secret ?? '',
    secretSource: secret ? 'environment' : 'data-dir',
    formerSecrets: [],
    apiKey: read(env, 'LCI_API_KEY')!,
    publicApiKey: read(env, 'LCI_PUBLIC_API_KEY')!,
    rerouteBytes: read(env, 'LCI_REROUTE_BYTES')!,
    checkResponses: read(env, 'LCI_CHECK_RESPONSES')!,
    accessTokenTtl: read(env, 'LCI_ACCESS_TOKEN_TTL')!,
    wsMaxPerUser: read(env, 'LCI_WS_MAX_PER_USER')!,
    wsMaxPerTenant: read(env, 'LCI_WS_MAX_PER_TENANT')!,
    pluginsDisabled: read(env, 'LCI_PLUGINS_DISABLED')!,
    smtpUrl: read(env, 'LCI_SMTP_URL'),
    mailFrom: read(env, 'LCI_MAIL_FROM')!,
    seedDemo: read(env, 'LCI_SEED_DEMO')!,
    jobs: read(env, 'LCI_JOBS')!,
    dbAcquireTimeoutMs: read(env, 'LCI_DB_ACQUIRE_TIMEOUT_MS')!,
    social: { ms: readSocial(env, 'LCI_MS'), google: readSocial(env, 'LCI_GOOGLE') },
    scalepad: readScalePad(env),
    stripe: readStripe(env),
    geo: readGeo(env),
    trustedProxies: readTrustedProxies(env),
    warrantyUrls: {
      dell: readServiceUrl(env, 'LCI_WARRANTY_DELL_URL'),
      lenovo: readServiceUrl(env, 'LCI_WARRANTY_LENOVO_URL'),
      hp: readServiceUrl(env, 'LCI_WARRANTY_HP_URL'),
    },
  };
}

/** The host a browser on this machine reaches a server listening on `host` at: localhost for loopback and any-address. */
export function reachableHost(host: string): string {
  if (['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** A vendor service's base URL with a default: https, http only on loopback; no trailing slash. */
function readServiceUrl(
  env: NodeJS.ProcessEnv,
  name: 'LCI_WARRANTY_DELL_URL' | 'LCI_WARRANTY_LENOVO_URL' | 'LCI_WARRANTY_HP_URL',
): string {
  const url = read(env, name)!;
  const u = new URL(url);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && loopback))
    throw new ConfigError(name, `is ${JSON.stringify(url)}: must be an https URL (http only on loopback)`);
  return url.replace(/\/+$/, '');
}

/** The effective configuration with secrets redacted (for `lci config show`). */
export function describeConfig(
  env: NodeJS.ProcessEnv = process.env,
): { variable: string; value: string; source: 'environment' | 'default'; description: string }[] {
  return (Object.keys(VARIABLES) as VariableName[]).map((name) => {
    const spec = VARIABLES[name] as { desc: string; default?: string; secret?: boolean };
    const set = env[name] !== undefined && env[name] !== '';
    const value = set ? env[name]! : (spec.default ?? '');
    const dataDir = env.LCI_DATA_DIR || VARIABLES.LCI_DATA_DIR.default;
    return {
      variable: name,
      value:
        name === 'LCI_SECRET' && !set
          ? `(random, kept in ${dataDir === 'memory://' ? 'memory' : path.join(dataDir, SECRET_FILE)})`
          : spec.secret && value
            ? '••••••'
            : value,
      source: set ? 'environment' : 'default',
      description: spec.desc,
    };
  });
}
