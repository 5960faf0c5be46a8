/** Jest: unit and API tests on a real database. Type-checking is `npm run typecheck`. */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/data/'],
  transform: {
    '^.+\\.(t|j|mj|cj)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(jose|oidc-provider|quick-lru|nanoid|@koa/router|eta|@electric-sql/pglite|@scure/base|@noble/hashes|@otplib|sanitize-html|htmlparser2|pg-boss|serialize-error|non-error|rrule-temporal|temporal-spec|domhandler|domutils|dom-serializer|domelementtype|entities|@tanstack)/)',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testTimeout: 60000,
  setupFiles: ['<rootDir>/tests/helpers/jest-setup.ts'],
  globalSetup: '<rootDir>/tests/helpers/jest-global-setup.ts',
  globalTeardown: '<rootDir>/tests/helpers/jest-global-teardown.ts',
  maxWorkers: 2,
};
