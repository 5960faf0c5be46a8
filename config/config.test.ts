import { ConfigError, describeConfig, loadConfig } from './index';

test('defaults: port 3000, embedded database in ./data, region ue1, DEBUG outside production', () => {
  const c = loadConfig({});
  expect(c).toMatchObject({
    port: 3000,
    dataDir: './data',
    region: 'ue1',
    logLevel: 'debug',
    env: 'development',
    baseUrl: 'http://localhost:3000',
    checkResponses: false,
  });
  expect(c.databaseUrl).toBeUndefined();
  expect(c.redisUrl).toBeUndefined();
});

test('INFO in production (with a real secret), regions and URLs from the environment', () => {
  const c = loadConfig({
    NODE_ENV: 'production',
    LCI_SECRET: 'x'.repeat(40),
    LCI_API_KEY: 'a-real-app-key-1234',
    LCI_REGION: 'ec1',
    DATABASE_URL: 'postgres://u@h:5432/d',
    REDIS_URL: 'redis://127.0.0.1:6379',
    PORT: '8080',
  });
  expect(c).toMatchObject({
    logLevel: 'info',
    region: 'ec1',
    databaseUrl: 'postgres://u@h:5432/d',
    redisUrl: 'redis://127.0.0.1:6379',
    port: 8080,
  });
});

test.each([
  ['PORT', 'abc'],
  ['PORT', '70000'],
  ['LCI_REGION', 'eu9'],
  ['DATABASE_URL', 'mysql://x'],
  ['REDIS_URL', 'not a url'],
  ['LCI_LOG_LEVEL', 'loud'],
  ['NODE_ENV', 'staging'],
])('a bad %s=%s names the variable', (name, value) => {
  expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
});

test('production refuses the development secret', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/LCI_SECRET/);
});

test('production requires LCI_SECRET (no data-directory secret there), refusing the former public default', () => {
  const prod = { NODE_ENV: 'production', LCI_API_KEY: 'a-real-app-key-1234', DATABASE_URL: 'postgres://u@h:5432/d' };
  expect(() => loadConfig(prod)).toThrow(/^Invalid configuration: LCI_SECRET must be set/);
  expect(() => loadConfig({ ...prod, DATABASE_URL: '' })).toThrow(/LCI_SECRET must be set/);
  expect(() => loadConfig({ ...prod, LCI_SECRET: 'lifecycle-development-secret-change-me' })).toThrow(/LCI_SECRET/);
  expect(loadConfig({ ...prod, LCI_SECRET: 'x'.repeat(40) })).toMatchObject({ secretSource: 'environment' });
  // Elsewhere an unset LCI_SECRET means the data directory's (filled in at start, config/server-secret.ts).
  expect(loadConfig({})).toMatchObject({ secret: '', secretSource: 'data-dir' });
});

test('HOST: the server listens on 127.0.0.1 unless HOST says otherwise', () => {
  expect(loadConfig({}).host).toBe('127.0.0.1');
  expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  expect(loadConfig({ HOST: '::' }).host).toBe('::');
  expect(loadConfig({ HOST: '0.0.0.0', PORT: '4000' }).baseUrl).toBe('http://localhost:4000');
  expect(loadConfig({ HOST: '10.1.2.3', PORT: '4000' }).baseUrl).toBe('http://10.1.2.3:4000');
  expect(() => loadConfig({ HOST: 'a b' })).toThrow(/^Invalid configuration: HOST /);
  expect(() => loadConfig({ HOST: 'http://x' })).toThrow(/HOST/);
});

test('production refuses the development API key, naming the variable', () => {
  expect(() => loadConfig({ NODE_ENV: 'production', LCI_SECRET: 'x'.repeat(40) })).toThrow(
    /^Invalid configuration: LCI_API_KEY .*lci-app-key-development/,
  );
  expect(() =>
    loadConfig({ NODE_ENV: 'production', LCI_SECRET: 'x'.repeat(40), LCI_API_KEY: 'lci-app-key-development' }),
  ).toThrow(/LCI_API_KEY/);
  expect(
    loadConfig({ NODE_ENV: 'production', LCI_SECRET: 'x'.repeat(40), LCI_API_KEY: 'a-real-app-key-1234' }).apiKey,
  ).toBe('a-real-app-key-1234');
  // Outside production the development key stays the default.
  expect(loadConfig({}).apiKey).toBe('lci-app-key-development');
});

test('LCI_TRUSTED_PROXIES: none by default, a hop count, or addresses/CIDRs; a bad entry names the variable', () => {
  expect(loadConfig({}).trustedProxies).toEqual([]);
  expect(loadConfig({ LCI_TRUSTED_PROXIES: '2' }).trustedProxies).toBe(2);
  expect(loadConfig({ LCI_TRUSTED_PROXIES: ' 10.0.0.0/8, loopback ,192.168.1.7' }).trustedProxies).toEqual([
    '10.0.0.0/8',
    'loopback',
    '192.168.1.7',
  ]);
  expect(() => loadConfig({ LCI_TRUSTED_PROXIES: '10.0.0.0/99' })).toThrow(
    /^Invalid configuration: LCI_TRUSTED_PROXIES /,
  );
  expect(() => loadConfig({ LCI_TRUSTED_PROXIES: 'proxy.example.com' })).toThrow(/LCI_TRUSTED_PROXIES/);
});

test('describeConfig redacts secrets and tells the source', () => {
  const rows = describeConfig({ DATABASE_URL: 'postgres://user:pw@h/d', PORT: '4000' });
  expect(rows.find((r) => r.variable === 'DATABASE_URL')).toMatchObject({ value: '••••••', source: 'environment' });
  expect(rows.find((r) => r.variable === 'PORT')).toMatchObject({ value: '4000', source: 'environment' });
  expect(rows.find((r) => r.variable === 'LCI_SECRET')).toMatchObject({
    value: '(random, kept in data/secret)',
    source: 'default',
  });
  expect(describeConfig({ LCI_SECRET: 'x'.repeat(40) }).find((r) => r.variable === 'LCI_SECRET')).toMatchObject({
    value: '••••••',
    source: 'environment',
  });
  expect(JSON.stringify(rows)).not.toContain('pw@h');
});

test('LCI_REGION_URLS names the API origin of each region; wrong entries are refused', () => {
  expect(loadConfig({}).regionUrls).toEqual({});
  expect(loadConfig({ LCI_REGION_URLS: 'ue1=https://us.example.com, ec1=https://eu.example.com/' }).regionUrls).toEqual(
    { ue1: 'https://us.example.com', ec1: 'https://eu.example.com' },
  );
  expect(() => loadConfig({ LCI_REGION_URLS: 'xx1=https://x.example.com' })).toThrow(ConfigError);
  expect(() => loadConfig({ LCI_REGION_URLS: 'ec1=https://eu.example.com/api' })).toThrow(/must be an origin/);
  expect(() => loadConfig({ LCI_REGION_URLS: 'ec1=ftp://eu.example.com' })).toThrow(/must be an origin/);
  expect(() => loadConfig({ LCI_REGION_URLS: 'ec1=https://a.example.com,ec1=https://b.example.com' })).toThrow(/twice/);
  expect(loadConfig({}).supportEmail).toBe('support@lifecycle.local');
});

test("warranty lookup URLs: the vendors' own by default, no trailing slash; http only on loopback", () => {
  expect(loadConfig({}).warrantyUrls).toEqual({
    dell: 'https://apigtwb2c.us.dell.com',
    lenovo: 'https://supportapi.lenovo.com',
    hp: 'https://warranty.api.hp.com',
  });
  expect(loadConfig({ LCI_WARRANTY_DELL_URL: 'http://127.0.0.1:4510/' }).warrantyUrls.dell).toBe(
    'http://127.0.0.1:4510',
  );
  expect(() => loadConfig({ LCI_WARRANTY_HP_URL: 'http://hp.example' })).toThrow(/LCI_WARRANTY_HP_URL.*https/);
});
