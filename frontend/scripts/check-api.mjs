// Drift test for the generated API client: regenerates it from the committed OpenAPI spec into a
// temporary directory and fails, listing the files, when it differs from src/api/gen.
// The temporary directory sits beside src/api/gen so the mutator's relative import paths match.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'orval';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const committed = path.join(root, 'src/api/gen');

async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function differences(expectedDir, actualDir) {
  const expected = await filesUnder(expectedDir);
  const actual = await filesUnder(actualDir);
  const drift = [];
  for (const file of new Set([...expected, ...actual])) {
    if (!actual.includes(file)) drift.push(`missing from src/api/gen: ${file}`);
    else if (!expected.includes(file)) drift.push(`no longer generated:    ${file}`);
    else {
      const [want, have] = await Promise.all([
        readFile(path.join(expectedDir, file), 'utf8'),
        readFile(path.join(actualDir, file), 'utf8'),
      ]);
      if (want !== have) drift.push(`differs:                ${file}`);
    }
  }
  return drift.sort();
}

const fresh = await mkdtemp(path.join(root, 'src/api/.gen-check-'));
try {
  await generate(path.join(root, 'orval.config.ts'), root, {
    output: path.join(fresh, 'playtrack.ts'),
  });
  const drift = await differences(fresh, committed);
  if (drift.length > 0) {
    console.error(
      `src/api/gen is out of date with ../openapi/openapi.json; run \`npm run api:gen\`:\n  ${drift.join('\n  ')}`,
    );
    process.exitCode = 1;
  } else {
    console.log('src/api/gen matches ../openapi/openapi.json');
  }
} finally {
  await rm(fresh, { recursive: true, force: true });
}
