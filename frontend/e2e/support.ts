// Shared steps of the browser journeys: demo accounts and their passwords, signing in, the
// mail the SMTP sink received, and the session the browser holds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Playwright's test with a `request` that opens a connection per call: journeys that wait on a
 * browser for longer than the server's keep-alive (5 s) otherwise reuse a pooled connection the
 * server is closing at that moment, and the call fails with ECONNRESET.
 */
export const test = base.extend({
  request: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { connection: 'close' } });
    await use(request);
    await request.dispose();
  },
});

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../e2e-results');

/** What a screen shows while its code or data is on the way: placeholders, busy indicators, and
 * a dashboard's sections not yet rendered below its first screenful. */
const LOADING = '[aria-busy="true"], .MuiSkeleton-root, .MuiLinearProgress-indeterminate, .MuiCircularProgress-indeterminate';

/** Waits until the screen shows nothing still loading. */
export async function nothingLoading(page: Page) {
  await expect(page.locator(LOADING)).toHaveCount(0);
}

/** Demo accounts (`playtrack serve --demo`). */
export const DEMO = {
  superAdmin: 'admin@playtrack.example',
  /** Meridian Bank: no OTP. */
  meridianAdmin: 'priya.nair@meridian-bank.example',
  /** Orbis Manufacturing: every user enters an e-mailed OTP. */
  orbisAdmin: 'giulia.romano@orbis-mfg.example',
  /** Meridian trainees: no OTP, the EULA at their first sign-in. Each journey uses its own. */
  trainees: {
    arjun: 'arjun.mehta@meridian-bank.example',
    kavya: 'kavya.iyer@meridian-bank.example',
    rohan: 'rohan.das@meridian-bank.example',
    sneha: 'sneha.kulkarni@meridian-bank.example',
    ananya: 'ananya.bose@meridian-bank.example',
  },
  /** Meridian: invited, no password yet (the demo mails the invitation when it seeds). */
  invited: { email: 'meera.pillai@meridian-bank.example', name: 'Meera Pillai' },
} as const;

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: run through playwright.config.ts, or set it for an external server`);
  }
  return value;
}

let passwords: Map<string, string> | undefined;

/** The demo password of an account, from `<data dir>/demo-logins.txt` (ROLE, company, e-mail, password). */
export function demoPassword(email: string): string {
  passwords ??= new Map(
    fs
      .readFileSync(path.join(requiredEnv('E2E_PLAYTRACK_DATA_DIR'), 'demo-logins.txt'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => {
        const [, , address = '', password = ''] = line.split('\t');
        return [address.trim(), password.trim()] as const;
      }),
  );
  const password = passwords.get(email);
  if (!password) throw new Error(`${email} is not in demo-logins.txt`);
  return password;
}

/** Fills the sign-in form on /login and submits it (labels in any language: by input type). */
export async function submitSignIn(page: Page, email: string) {
  if (!/^\/(login|signin)$/.test(new URL(page.url()).pathname)) await page.goto('/login');
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(demoPassword(email));
  await page.locator('form button[type="submit"]').click();
}

/** Signs in an account that needs neither OTP nor EULA and waits for the dashboard. */
export async function signIn(page: Page, email: string) {
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/crm$/);
}

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

/** The mail the sink received for `email` since `since`, newest first. */
export async function mailsTo(email: string, since: Date): Promise<ReceivedMail[]> {
  const response = await fetch(`${requiredEnv('E2E_PLAYTRACK_MAIL_URL')}/messages?to=${encodeURIComponent(email)}`);
  const mails = (await response.json()) as ReceivedMail[];
  return mails.filter((mail) => new Date(mail.receivedAt) >= since);
}

/** Every link to `pathname` in the mail to `email` received since `since`, newest mail first,
 * as same-origin paths (`/new-password?token=…`) the page can open whatever host the mail names. */
export async function linksInMail(email: string, since: Date, pathname: string): Promise<string[]> {
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        links = (await mailsTo(email, since)).flatMap((mail) =>
          [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)]
            .map(([link]) => new URL(link))
            .filter((url) => url.pathname === pathname)
            .map((url) => `${url.pathname}${url.search}`),
        );
        return links.length;
      },
      { message: `a link to ${pathname} mailed to ${email}`, timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  return links;
}

/** Waits for a mail to `email` received after `since` and answers the six-digit code in it. */
export async function otpFromMail(email: string, since: Date): Promise<string> {
  const mailUrl = requiredEnv('E2E_PLAYTRACK_MAIL_URL');
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(email)}`);
        const mails = (await response.json()) as ReceivedMail[];
        const fresh = mails.find((mail) => new Date(mail.receivedAt) >= since);
        code = fresh ? /\b(\d{6})\b/.exec(fresh.text)?.[1] : undefined;
        return code;
      },
      { message: `a sign-in code mailed to ${email}`, timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

/** The session cookie the browser holds (HttpOnly: read here through the browser context, as
 * no script of the page can), or null when signed out. */
export async function sessionCookie(page: Page): Promise<string | null> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'playtrack_session')?.value ?? null;
}

/** The browser's globals the page's own scripts see, typed here since the e2e code is compiled
 * without the DOM lib. */
interface BrowserGlobals {
  document: { cookie: string };
  sessionStorage: Storage;
  localStorage: Storage;
}

interface Storage {
  length: number;
  key: (index: number) => string | null;
  getItem: (key: string) => string | null;
}

/** Everything a script of the page can read back: its cookies and both Web Storages. */
export function scriptReadable(page: Page): Promise<string> {
  return page.evaluate(() => {
    const browser = globalThis as unknown as BrowserGlobals;
    const entries = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i) ?? '')}`);
    return [browser.document.cookie, ...entries(browser.sessionStorage), ...entries(browser.localStorage)].join('\n');
  });
}

export async function chooseLanguage(page: Page, language: string) {
  if (/^\/(login|signin)$/.test(new URL(page.url()).pathname)) {
    // The prerendered sign-in page answers no click until the app has taken it over (its
    // button comes alive): a click before that opened no menu (1 run in 6 on a busy machine).
    await expect(page.locator('form button[type="submit"]')).toBeEnabled();
  }
  await page.getByRole('button', { name: /^(Language|اللغة)/ }).click();
  await page.getByRole('menuitem', { name: language }).click();
  // The menu fades out before it leaves the page; screenshots should not catch it half-gone.
  await expect(page.locator('[role="menu"]')).toHaveCount(0);
}

const PLAYTRACK = path.resolve(import.meta.dirname, '../../target/debug/playtrack');

/** Runs `playtrack demo game <args>` against the portal under test: its output lines as they come,
 * and its exit. */
export function demoGame(baseURL: string, args: string[]) {
  const child = spawn(PLAYTRACK, ['demo', 'game', ...args], {
    env: {
      ...process.env,
      PLAYTRACK_DATA_DIR: process.env.E2E_PLAYTRACK_DATA_DIR ?? '',
      PLAYTRACK_PUBLIC_URL: baseURL,
      PLAYTRACK_LOG: 'warn',
    },
  });
  const lines: string[] = [];
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    lines.push(...parts);
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exit = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  const finished = async () => {
    const code = await exit;
    if (pending) lines.push(pending);
    return { code, lines, errors };
  };
  return { lines, finished, kill: () => child.kill() };
}

export async function firstUrl(lines: string[]): Promise<string> {
  let url = '';
  await expect
    .poll(() => (url = lines.find((line) => line.startsWith('http')) ?? ''), {
      message: 'the demo game prints an address',
      timeout: 30_000,
    })
    .not.toBe('');
  return url;
}
