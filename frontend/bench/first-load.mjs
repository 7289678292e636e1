/* global window, document, MutationObserver */
// The first load of /login, of a company admin's dashboard (cold, and with the scripts cached)
// and of their trainee list in Chromium on a slow phone network (150 ms, 1.6 Mbit/s down, CPU 4×
// slower): bytes over the wire, script bytes, the largest contentful paint, the cumulative layout
// shift up to the idle network, and when /login's form can be sent. The baseline, measured in
// the same run, is the same load with every answer uncompressed (`Accept-Encoding: identity`),
// as the portal sent them before it compressed anything. Run by `just bench` against `target/release/playtrack serve --demo`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const BINARY = process.env.PLAYTRACK_BINARY ?? path.resolve(import.meta.dirname, '../../target/release/playtrack');
const ADMIN = 'priya.nair@meridian-bank.example';
const SLOW = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const RUNS = 3;

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playtrack-bench-'));
  const server = spawn(BINARY, ['serve', '--demo'], {
    env: { ...process.env, PLAYTRACK_BIND: `127.0.0.1:${port}`, PLAYTRACK_DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (await fetch(`${base}/api/v1/healthz`).then((r) => r.ok, () => false)) return { server, base, dataDir };
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error('the server did not start');
}

function password(dataDir, email) {
  const line = fs.readFileSync(path.join(dataDir, 'demo-logins.txt'), 'utf8').split('\n').find((l) => l.includes(`\t${email}\t`));
  return line.split('\t')[3].trim();
}

/** When the sign-in form can be sent: the app has taken over the prerendered page. */
const SIGN_IN_READY = 'form button[type="submit"]:not([disabled])';

/** One load of `url` in a fresh context (`state`: cookies of a signed-in admin), cold unless
 * `warmFrom` was loaded first in the same context (its scripts then come from the cache). */
async function load(browser, url, state, compressed, warmFrom) {
  const context = await browser.newContext({ storageState: state });
  await context.addInitScript((ready) => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector(ready)) return;
      window.__ready = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true, attributes: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  }, SIGN_IN_READY);
  const page = await context.newPage();
  if (warmFrom) await page.goto(warmFrom, { waitUntil: 'networkidle' });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (!compressed) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  const types = new Map();
  let bytes = 0;
  let script = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') script += e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // The paint is final once the page has settled; the observer may report it a moment later.
  await page.waitForFunction(() => window.__lcp !== undefined, null, { timeout: 30_000 });
  // The slowed CPU may still be taking the page over when the network is idle.
  if (new URL(url).pathname === '/login') await page.waitForFunction(() => window.__ready !== undefined, null, { timeout: 30_000 });
  const { lcp, cls, ready } = await page.evaluate(() => ({ lcp: window.__lcp, cls: window.__cls, ready: window.__ready }));
  await context.close();
  return { bytes, script, lcp, cls, ready };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(browser, url, state, compressed, warmFrom) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await load(browser, url, state, compressed, warmFrom));
  const of = (key) => median(runs.map((r) => r[key]));
  return { bytes: of('bytes'), script: of('script'), lcp: of('lcp'), cls: of('cls'), ready: of('ready') };
}

const { server, base, dataDir } = await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const signIn = await browser.newContext();
  const page = await signIn.newPage();
  await page.goto(`${base}/login`);
  await page.locator('input[type="email"]').fill(ADMIN);
  await page.locator('input[type="password"]').fill(password(dataDir, ADMIN));
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(/\/dashboard\/crm$/);
  const admin = await signIn.storageState();
  await signIn.close();

  const kB = (n) => `${(n / 1000).toFixed(0)} kB`;
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`first load on ${SLOW.latency} ms, 1.6 Mbit/s, CPU 4× slower; median of ${RUNS} cold loads`);
  const pages = [
    ['/login', `${base}/login`, undefined],
    ['dashboard', `${base}/dashboard/crm`, admin],
    // A returning reader: the scripts are in the browser's cache (hashed names, kept a year).
    ['dashboard, cache warm from /login', `${base}/dashboard/crm`, admin, `${base}/login`],
    ['trainees', `${base}/companyadmin/user`, admin],
  ];
  for (const [name, url, state, warmFrom] of pages) {
    const now = await measure(browser, url, state, true, warmFrom);
    const before = await measure(browser, url, state, false, warmFrom);
    console.log(
      `${name.padEnd(11)} wire ${kB(now.bytes)} (uncompressed ${kB(before.bytes)}, ${(now.bytes / before.bytes).toFixed(2)}×)` +
        `  script ${kB(now.script)} (${kB(before.script)})` +
        `  LCP ${s(now.lcp)} (uncompressed ${s(before.lcp)}, ${(now.lcp / before.lcp).toFixed(2)}×)` +
        `  CLS ${now.cls.toFixed(3)}` +
        (now.ready === undefined ? '' : `  form usable ${s(now.ready)} (uncompressed ${s(before.ready)})`),
    );
  }
} finally {
  await browser.close();
  server.kill();
}
