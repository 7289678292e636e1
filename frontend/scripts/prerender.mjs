// Prerenders the sign-in page in every language into dist/login.<language>.html after
// `vite build`: the server sends the reader's for /login and /signin, so the form paints from
// the HTML while the scripts load, and the app then hydrates it (src/app/boot.tsx). Emotion
// renders its styles inline on the server; they move to <head>, where the browser's emotion
// cache finds them and inserts none again. Each language renders in a process of its own, since
// emotion's caches remember what they already rendered.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
// Inside the project, where the bundle's imports of React, MUI… resolve.
const BUNDLE = path.join(ROOT, 'node_modules/.cache/prerender');
const PAGE = '/login';
const ORIGIN = 'http://localhost';

process.env.NODE_ENV = 'production';
const [, , step, language] = process.argv;
if (step === '--page') {
  writePage(language, ...(await renderPage(language)));
} else {
  const { build } = await import('vite');
  await build({
    root: ROOT,
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: BUNDLE, emptyOutDir: true, manifest: false, copyPublicDir: false },
    // A CommonJS module whose default export Node would hand over wrapped: bundled, it is not.
    ssr: { noExternal: ['stylis-plugin-rtl'] },
  });
  try {
    const { LANGUAGES } = await import(pathToFileURL(path.join(BUNDLE, 'prerender.js')).href);
    for (const each of LANGUAGES) {
      execFileSync(process.execPath, [import.meta.filename, '--page', each], { stdio: 'inherit' });
    }
  } finally {
    fs.rmSync(BUNDLE, { recursive: true, force: true });
  }
}
// The app's idle timers and channels would keep a process alive.
process.exit(0);

async function renderPage(lang) {
  const { prerender } = await import(pathToFileURL(path.join(BUNDLE, 'prerender.js')).href);
  // The app reads the address and its stored choices while rendering: a browser's globals, put
  // in place after the bundle loaded so that emotion stays in its server mode.
  const { window } = new JSDOM('', { url: `${ORIGIN}${PAGE}` });
  for (const name of ['window', 'document', 'localStorage', 'sessionStorage', 'location', 'history', 'navigator']) {
    Object.defineProperty(globalThis, name, { value: window[name], configurable: true, writable: true });
  }
  const html = await prerender(`${ORIGIN}${PAGE}`, lang);
  // The app set the page's direction for its language, as in the browser.
  return [html, window.document.documentElement.dir];
}

function writePage(lang, rendered, dir) {
  const styles = new Map();
  const body = rendered.replace(/<style data-emotion="([^"]*)"[^>]*>(.*?)<\/style>/gs, (_, ids, css) => {
    const [key, ...names] = ids.split(' ');
    const group = styles.get(key) ?? { names: [], css: '' };
    group.names.push(...names);
    group.css += css;
    styles.set(key, group);
    return '';
  });
  // One tag per cache key, named as emotion's client looks for them: `<key> <name> <name>…`.
  const head = [...styles]
    .map(([key, { names, css }]) => `<style data-emotion="${key} ${names.join(' ')}">${css}</style>`)
    .join('');
  const index = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const html = '<html lang="en" dir="ltr">';
  if (!index.includes(html) || !index.includes('<div id="root"></div>')) {
    throw new Error(`dist/index.html lacks ${html} or an empty #root`);
  }
  const page = index
    .replace(html, `<html lang="${lang}" dir="${dir}">`)
    .replace('</head>', `${head}</head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${lang}">${body}</div>`);
  const file = path.join(DIST, `login.${lang}.html`);
  fs.writeFileSync(file, page);
  fs.writeFileSync(`${file}.gz`, gzipSync(page, { level: 9 }));
  fs.writeFileSync(`${file}.br`, brotliCompressSync(page));
  console.log(`prerendered ${PAGE} in ${lang} (${(page.length / 1000).toFixed(1)} kB)`);
}
