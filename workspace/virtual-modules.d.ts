/** Modules vite.config.ts makes up at build time. */
declare module 'virtual:lci-test-plugins' {
  /** The test plugins' workspaces (tests/plugins/<id>/workspace/index.ts) when built with LCI_WORKSPACE_TEST_PLUGINS=1; else empty. */
  const plugins: import('./sdk').WorkspacePlugin[];
  export default plugins;
}
