/** Vite build of the workspace (workspace/ -> dist/workspace). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: path.join(root, 'workspace'),
  base: '/',
  publicDir: false,
  plugins: [react()],
  envPrefix: 'VITE_',
  server: {
    fs: { allow: [root] },
  },
  build: {
    outDir: path.join(root, 'dist', 'workspace'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
  },
});
