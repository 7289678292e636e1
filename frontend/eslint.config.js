// Lint rules, including the layering of bulletproof-react: shared code (components, lib, theme,
// locales, api) → features → app, and features never import one another.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['auth', 'shell', 'passwords', 'organisation', 'people', 'licences', 'api-clients', 'catalogue', 'game-sign-in', 'game-apps', 'sso-connections', 'reports', 'profile'];
const SHARED = ['components', 'lib', 'theme', 'locales', 'api', 'types'];

/** Imports go through the `@/` alias (relative imports stay inside a folder), so patterns on it
 * are enough to hold the layers without a module resolver. */
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map(([group, message]) => ({ group, message })) }],
});

const OWN_LAYER = 'Features never import each other nor the app layer: compose them in src/app.';
/** The generated client's calls (not its types, `@/api/gen/playtrack.schemas`). */
const GENERATED_CALLS = ['@/api/gen/*/*'];
const THROUGH_API = "A feature's screens reach the server through its own api/ folder.";

export default defineConfig([
  globalIgnores(['dist', 'coverage', 'src/api/gen', 'playwright-report', 'test-results', 'e2e-results']),
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Same convention as TypeScript's noUnused*: a leading underscore marks a deliberate non-use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // `onClick={() => setOpen(false)}` is idiomatic React, not a confusing void.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Numbers and booleans in template strings are routine (paths, versions).
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: globals.browser },
  },
  ...FEATURES.flatMap((feature) => {
    const others = ['@/app/*', ...FEATURES.filter((other) => other !== feature).map((other) => `@/features/${other}/*`)];
    return [
      {
        files: [`src/features/${feature}/**/*.{ts,tsx}`],
        ignores: [`src/features/${feature}/api/**`, '**/*.test.{ts,tsx}'],
        rules: restrict([others, OWN_LAYER], [GENERATED_CALLS, THROUGH_API]),
      },
      {
        files: [`src/features/${feature}/api/**/*.{ts,tsx}`, `src/features/${feature}/**/*.test.{ts,tsx}`],
        rules: restrict([others, OWN_LAYER]),
      },
    ];
  }),
  {
    files: SHARED.map((dir) => `src/${dir}/**/*.{ts,tsx}`),
    rules: restrict([['@/app/*', '@/features/*'], 'Shared code imports neither features nor the app.']),
  },
]);
