// Browser journeys against the real `playtrack` binary (which serves dist/ and the API), or
// against an already running server named by PLAYTRACK_E2E_BASE_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = 4180;
const externalBaseUrl = process.env.PLAYTRACK_E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${PORT}`;
// Test workers load this file too but never start the server: only the runner needs a data dir.
const startsServer = externalBaseUrl === undefined && process.env.TEST_WORKER_INDEX === undefined;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: startsServer
    ? {
        // Needs `npm run build` (dist/) and the backend's debug build.
        command: '../target/debug/playtrack serve',
        url: `${baseURL}/api/v1/healthz`,
        reuseExistingServer: false,
        timeout: 60_000,
        env: {
          PLAYTRACK_BIND: `127.0.0.1:${PORT}`,
          // A fresh embedded database per run, so journeys never see an earlier run's data.
          PLAYTRACK_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'playtrack-e2e-')),
        },
      }
    : undefined,
});
