// Translations load per language and part when first needed, so a visitor downloads theirs
// alone, and /login only what the public pages say: each language's `public.ts` and
// `signed-in.ts` gather their files into one module each, which the build makes one chunk.
import type { Language, Namespace } from './resources';

export type Translations = Record<Namespace, object>;

/** Every interface language; the first is the default. */
export const LANGUAGES = ['en', 'zh', 'ar', 'it', 'es', 'fr'] as const satisfies readonly Language[];

export const TEXTS_PARTS = ['public', 'signed-in'] as const;
export type TextsPart = (typeof TEXTS_PARTS)[number];

const PARTS = import.meta.glob<Record<string, object>>('./*/{public,signed-in}.ts', { import: 'default' });

/** `./fr/sso-connections.json` holds the `ssoConnections` namespace. */
function namespaceOf(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
  return name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/** Each part once per language: the entry starts loading one, the app takes the same answer. */
const loading = new Map<string, Promise<Record<string, object>>>();

function loadPart(language: Language, part: TextsPart): Promise<Record<string, object>> {
  const module = `./${language}/${part}.ts`;
  let files = loading.get(module);
  if (!files) {
    const load = PARTS[module];
    if (!load) throw new Error(`no translations for ${language}`);
    files = load();
    loading.set(module, files);
  }
  return files;
}

export async function loadTranslations(
  language: Language,
  parts: readonly TextsPart[] = TEXTS_PARTS,
): Promise<Partial<Translations>> {
  const loaded = await Promise.all(parts.map((part) => loadPart(language, part)));
  return Object.fromEntries(loaded.flatMap((files) => Object.entries(files)).map(([file, texts]) => [namespaceOf(file), texts]));
}
