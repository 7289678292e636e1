// The JavaScript a first visit to /login must run before the sign-in form shows, from the build
// output (dist/.vite/manifest.json): the entry chunk, the sign-in screen's lazy chunk, the
// English translations, and every chunk these import statically; gzip sizes as the server sends
// them (the build's .gz copies). Baseline: every script of the build, what one bundle would be.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
/** The modules the entry loads for /login in English: the app, the sign-in screen, the texts. */
const LOGIN = ['src/app/boot.tsx', 'src/features/auth/components/sign-in-page.tsx', 'src/locales/en/index.ts'];

const gzipped = (file) => {
  const copy = path.join(DIST, `${file}.gz`);
  return fs.existsSync(copy) ? fs.statSync(copy).size : gzipSync(fs.readFileSync(path.join(DIST, file))).length;
};

function closure(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const entry = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const initial = [...closure([...entry, ...LOGIN])];
const all = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((f) => f.endsWith('.js'));
const sum = (files) => files.reduce((total, file) => total + gzipped(file), 0);
const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
const login = sum(initial);
const everything = sum(all);
console.log(
  `/login initial JavaScript ${kB(login)} gzip in ${initial.length} files` +
    ` (all ${all.length} scripts of the build: ${kB(everything)}, ${(login / everything).toFixed(2)}×; aim < 150 kB)`,
);
