/** The jest run's name (set by jest-global-setup.ts): workers of one run share its template database. */
export const RUN_ENV = 'LCI_TEST_RUN';
