// Builds bench/stack-floor.mjs as one production script: the baseline both benches compare the
// portal's first load with (its size in initial-js.mjs, its load on the slow profile in
// first-load.mjs), built in the same run from the same packages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';

/** Builds the stack floor into a new temporary folder and returns it, with the script's name. */
export async function buildStackFloor() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playtrack-floor-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir,
      rolldownOptions: { input: path.resolve(import.meta.dirname, 'stack-floor.mjs'), output: { codeSplitting: false } },
    },
  });
  const scripts = fs.readdirSync(outDir, { recursive: true }).filter((file) => file.endsWith('.js'));
  if (scripts.length !== 1) throw new Error(`the stack floor built into ${scripts.length} scripts, not one`);
  return { outDir, script: scripts[0] };
}
