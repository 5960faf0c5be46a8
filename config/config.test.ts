import { ConfigError, describeConfig, loadConfig } from './index';

test('defaults: port 3000, embedded database in ./data, region ue1, DEBUG outside production', () => {
  const c = loadConfig({});
  expect(c).toMatchObject({ port: 3000, dataDir: './data', region: 'ue1', logLevel: 'debug', env: 'development', baseUrl: 'http://localhost:3000' });
  expect(c.databaseUrl).toBeUndefined();
  expect(c.redisUrl).toBeUndefined();
});

test('INFO in production (with a real secret), regions and URLs from the environment', () => {
  const c = loadConfig({ NODE_ENV: 'production', LCI_SECRET: 'x'.repeat(40), LCI_REGION: 'ec1', DATABASE_URL: 'postgres://u@h:5432/d', REDIS_URL: 'redis://127.0.0.1:6379', PORT: '8080' });
  expect(c).toMatchObject({ logLevel: 'info', region: 'ec1', databaseUrl: 'postgres://u@h:5432/d', redisUrl: 'redis://127.0.0.1:6379', port: 8080 });
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

test('describeConfig redacts secrets and tells the source', () => {
  const rows = describeConfig({ DATABASE_URL: 'postgres://user:pw@h/d', PORT: '4000' });
  expect(rows.find((r) => r.variable === 'DATABASE_URL')).toMatchObject({ value: '••••••', source: 'environment' });
  expect(rows.find((r) => r.variable === 'PORT')).toMatchObject({ value: '4000', source: 'environment' });
  expect(rows.find((r) => r.variable === 'LCI_SECRET')).toMatchObject({ value: '••••••', source: 'default' });
  expect(JSON.stringify(rows)).not.toContain('pw@h');
});
