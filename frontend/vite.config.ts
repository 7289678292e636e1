// Vite builds the SPA into dist/ (served by the Rust binary) and runs the Vitest suite.
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { searchForWorkspaceRoot } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

/** The password rules' data shared with the Rust crate (the common-password list), imported
 * with `?raw`: the dev server and Vitest may read it although it lies outside this project. */
const PASSWORD_POLICY_DATA = fileURLToPath(new URL('../crates/password-policy/data', import.meta.url));

export default defineConfig({
  // Brotli and gzip copies of every text asset beside it: the server sends the one the browser
  // accepts without compressing anything per request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' })],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), PASSWORD_POLICY_DATA] },
  },
  build: {
    outDir: 'dist',
    // Lists each chunk's imports: `just bench` adds up what /login loads from it.
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    restoreMocks: true,
    setupFiles: ['./src/testing/setup.ts'],
    // Whole-app renders with several steps take seconds on a 2-core CI machine.
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}'],
    coverage: {
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/api/gen/**', 'src/testing/**', 'src/**/*.test.{ts,tsx}', 'src/main.tsx'],
    },
  },
});
