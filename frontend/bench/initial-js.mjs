// The JavaScript a first visit to /login must run before the sign-in form shows, from the build
// output (dist/.vite/manifest.json): the entry chunk, the sign-in screen's lazy chunk, the
// English texts of the public pages, and every chunk these import statically; gzip sizes as the
// server sends them (the build's .gz copies). Baselines: every script of the build, what one bundle would be,
// and the stack's floor, built in this run: a bare hydrated sign-in form (bench/stack-floor.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildStackFloor } from './stack-floor-build.mjs';

const DIST = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
/** As the build's compression plugin makes its .gz copies. */
const GZIP = { level: 9 };
/** Issue 33's bound: /login's initial JavaScript at most this many times the stack's floor. */
const FLOOR_RATIO_AIM = 1.3;
/** The modules the entry loads for /login in English: the app, the sign-in screen, the public
 * pages' texts. */
const LOGIN = ['src/app/boot.tsx', 'src/features/auth/components/sign-in-page.tsx', 'src/locales/en/public.ts'];

const gzipped = (file) => {
  const copy = path.join(DIST, `${file}.gz`);
  return fs.existsSync(copy) ? fs.statSync(copy).size : gzipSync(fs.readFileSync(path.join(DIST, file)), GZIP).length;
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

/** The gzip size of bench/stack-floor.mjs built as one production script. */
async function stackFloor() {
  const { outDir, script } = await buildStackFloor();
  try {
    return gzipSync(fs.readFileSync(path.join(outDir, script)), GZIP).length;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

const login = sum(initial);
const everything = sum(all);
const floor = await stackFloor();
const ratio = login / floor;
console.log(
  `/login initial JavaScript ${kB(login)} gzip in ${initial.length} files (aim < 150 kB)\n` +
    `  all ${all.length} scripts of the build: ${kB(everything)}, ${(login / everything).toFixed(2)}×\n` +
    `  the stack's floor (a bare hydrated MUI sign-in form, bench/stack-floor.mjs): ${kB(floor)}, ` +
    `${ratio.toFixed(2)}× (aim ≤ ${FLOOR_RATIO_AIM}×: ${ratio <= FLOOR_RATIO_AIM ? 'met' : 'missed'})`,
);
