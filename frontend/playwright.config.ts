// Browser journeys against the real `playtrack` binary (which serves dist/ and the API) with its
// demo data, and a real SMTP server on loopback (e2e/smtp-sink.mjs) whose mail the tests read.
// PLAYTRACK_E2E_BASE_URL=http://… targets an already running server instead; the journeys that
// sign in then also need E2E_PLAYTRACK_DATA_DIR (its data dir, for demo-logins.txt) and
// E2E_PLAYTRACK_MAIL_URL (where its mail can be read, in the sink's format); only the tests
// read these two.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = 4180;
const SMTP_PORT = 4181;
const MAIL_HTTP_PORT = 4182;
/** The OpenID Connect provider of the SSO journey (tools/oidc), registered in e2e/oidc.json. */
const OIDC_PORT = 4183;
const externalBaseUrl = process.env.PLAYTRACK_E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${PORT}`;
// Test workers load this file too but never start the servers: only the runner does, and the
// workers it forks inherit the environment it sets here.
const startsServer = externalBaseUrl === undefined && process.env.TEST_WORKER_INDEX === undefined;

if (startsServer) {
  // A fresh embedded database (and demo data) per run, so journeys never see an earlier run's.
  process.env.E2E_PLAYTRACK_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'playtrack-e2e-'));
  process.env.E2E_PLAYTRACK_MAIL_URL = `http://127.0.0.1:${MAIL_HTTP_PORT}`;
  process.env.E2E_OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
}

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    // A trace costs a tenth of the run's time, and CI keeps no file a test leaves behind.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
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
    ? [
        {
          command: 'node e2e/smtp-sink.mjs',
          url: `http://127.0.0.1:${MAIL_HTTP_PORT}/healthz`,
          reuseExistingServer: false,
          timeout: 60_000,
          env: { SMTP_SINK_SMTP_PORT: String(SMTP_PORT), SMTP_SINK_HTTP_PORT: String(MAIL_HTTP_PORT) },
        },
        {
          command: 'node ../tools/oidc/provider.mjs e2e/oidc.json',
          url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
          reuseExistingServer: false,
          timeout: 60_000,
          env: { OIDC_PORT: String(OIDC_PORT) },
        },
        {
          // Needs `npm run build` (dist/) and the backend's debug build.
          command: '../target/debug/playtrack serve --demo',
          url: `${baseURL}/api/v1/healthz`,
          reuseExistingServer: false,
          timeout: 60_000,
          env: {
            PLAYTRACK_BIND: `127.0.0.1:${PORT}`,
            PLAYTRACK_DATA_DIR: process.env.E2E_PLAYTRACK_DATA_DIR ?? '',
            PLAYTRACK_SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
          },
        },
      ]
    : undefined,
});
