// Vite builds the SPA into dist/ (served by the Rust binary) and runs the Vitest suite.
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { searchForWorkspaceRoot } from 'vite';
import { compression } from 'vite-plugin-compression2';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** The password rules' data shared with the Rust crate (the common-password list), imported
 * with `?raw`: the dev server and Vitest may read it although it lies outside this project. */
const PASSWORD_POLICY_DATA = fileURLToPath(new URL('../crates/password-policy/data', import.meta.url));

/** The app's code (`src/app/boot.tsx` and every chunk it imports) preloaded by index.html, as
 * Vite does for the entry's static imports: the entry only imports it dynamically, to start the
 * translations and the landing screen alongside, and waiting for the entry would cost a round
 * trip. */
function preloadApp(): Plugin {
  return {
    name: 'playtrack:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const boot = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/boot.tsx'));
        if (!boot) throw new Error('the build has no chunk for src/app/boot.tsx');
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          byFile.get(file)?.imports.forEach(visit);
        };
        visit(boot.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** The first screens a visit loads, in the order their code is needed: each group gathers the
 * modules its screens import statically into one chunk. On a phone network each request costs
 * a round trip, so /login is a handful of scripts, and a signed-in dashboard a few more, without
 * a chunk of code they do not run. */
const APP = 'app';
const FIRST_SCREENS: [group: string, screens: string[]][] = [
  [APP, ['src/app/boot.tsx']],
  ['sign-in', ['src/features/auth/components/sign-in-page.tsx']],
  [
    'signed-in',
    [
      'src/app/signed-in-frame.tsx',
      'src/features/shell/components/dashboard-page.tsx',
      // Each role's dashboard, loaded by the page as the role is known: in their own chunks, the
      // MUI parts they share with other screens came in a shared chunk of forty components.
      'src/features/shell/components/dashboard-super-admin.tsx',
      'src/features/shell/components/dashboard-company-admin.tsx',
      'src/features/shell/components/dashboard-trainee.tsx',
    ],
  ],
];

/** The entry's imports (what it needs to start the rest at once) in a chunk of their own: in the
 * app's chunk they made the entry wait for the app's code before it started anything, and
 * Rolldown would otherwise split them into a chunk per module, as the app imports them too. */
const ENTRY_IMPORTS = 'entry';

/** Which group holds each module, computed once the module graph is complete (the
 * code-splitting groups below ask afterwards). A module that screens of two groups share goes
 * to the app's chunk, which every screen loads, so that the dashboard never loads the sign-in
 * page's chunk for a shared form helper. */
function firstScreenGroups(): Plugin & { groupOf: Map<string, string> } {
  const groupOf = new Map<string, string>();
  return {
    name: 'playtrack:first-screen-groups',
    // The browser's build: the prerender's (for Node) has no boot.
    apply: (_, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    groupOf,
    buildEnd() {
      groupOf.clear();
      const ids = [...this.getModuleIds()];
      const staticImports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const closure = (roots: string[], skip: Set<string>) => {
        const reached = new Set<string>();
        for (let id = roots.pop(); id !== undefined; id = roots.pop()) {
          if (reached.has(id) || skip.has(id)) continue;
          reached.add(id);
          roots.push(...staticImports(id));
        }
        return reached;
      };
      // index.html, and its script (src/main.tsx), which stays the entry chunk.
      const html = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const scripts = html.flatMap(staticImports);
      const entry = closure(scripts.flatMap(staticImports), new Set([...html, ...scripts]));
      for (const id of entry) groupOf.set(id, ENTRY_IMPORTS);
      const reachedBy = FIRST_SCREENS.map(([group, screens]) => {
        const roots = screens.map((screen) => {
          const id = ids.find((each) => each.endsWith(`/${screen}`));
          if (!id) throw new Error(`the build has no module ${screen}`);
          return id;
        });
        return [group, closure(roots, entry)] as const;
      });
      for (const [group, reached] of reachedBy) {
        for (const id of reached) {
          if (groupOf.has(id)) groupOf.set(id, APP);
          else groupOf.set(id, group);
        }
      }
    },
  };
}

const firstScreens = firstScreenGroups();

export default defineConfig({
  // Brotli and gzip copies of every text asset beside it: the server sends the one the browser
  // accepts without compressing anything per request.
  plugins: [react(), preloadApp(), firstScreens, compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' })],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: ENTRY_IMPORTS, test: (id: string) => firstScreens.groupOf.get(id) === ENTRY_IMPORTS, priority: FIRST_SCREENS.length + 2 },
            ...FIRST_SCREENS.map(([group], index) => ({
              name: group,
              test: (id: string) => firstScreens.groupOf.get(id) === group,
              priority: FIRST_SCREENS.length - index + 1,
              // Each group already holds its screens' whole static closure, less the entry's
              // modules, which Rolldown would otherwise pull in as dependencies.
              includeDependenciesRecursively: false,
            })),
            // The rest of MUI's core, as many screens share it, in one chunk rather than dozens
            // of small ones: on HTTP/1.1's six connections each costs a round trip.
            {
              name: 'mui',
              test: /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|stylis|react-transition-group|@popperjs|clsx|react-is)[\\/]/,
              minShareCount: 4,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    restoreMocks: true,
    setupFiles: ['./src/testing/setup.ts'],
    // Whole-app journeys of several steps, each wait bounded at 20 s (src/testing/setup.ts).
    testTimeout: 60_000,
    // One file per core: Vitest's default leaves one core to itself, which on 2 cores means a
    // single worker (the suite took 331-397 s so, 223 s with two).
    maxWorkers: '100%',
    include: ['src/**/*.test.{ts,tsx}'],
    coverage: {
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/api/gen/**', 'src/testing/**', 'src/**/*.test.{ts,tsx}', 'src/main.tsx', 'src/prerender.tsx'],
    },
  },
});
