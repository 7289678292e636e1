// Lint rules, including the layering of bulletproof-react: shared code (components, lib, theme,
// locales, api) → features → app, and features never import one another.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['auth', 'shell'];
const SHARED = ['./src/components', './src/lib', './src/theme', './src/locales', './src/api', './src/types'];

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
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.app.json' } },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features never import each other: compose them in src/app.',
            })),
            {
              target: './src/features',
              from: './src/app',
              message: 'Features do not import the app layer.',
            },
            {
              target: SHARED,
              from: ['./src/features', './src/app'],
              message: 'Shared code imports neither features nor the app.',
            },
          ],
        },
      ],
    },
  },
]);
