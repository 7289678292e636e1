// Translations load per language when first needed, so a visitor downloads theirs alone: each
// language's `index.ts` gathers its files into one module, which the build makes one chunk.
import type { Language, Namespace } from './resources';

export type Translations = Record<Namespace, object>;

/** Every interface language; the first is the default. */
export const LANGUAGES = ['en', 'zh', 'ar', 'it', 'es', 'fr'] as const satisfies readonly Language[];

const BUNDLES = import.meta.glob<Record<string, object>>('./*/index.ts', { import: 'default' });

/** `./fr/sso-connections.json` holds the `ssoConnections` namespace. */
function namespaceOf(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
  return name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}

export async function loadTranslations(language: Language): Promise<Translations> {
  const load = BUNDLES[`./${language}/index.ts`];
  if (!load) throw new Error(`no translations for ${language}`);
  const files = await load();
  return Object.fromEntries(Object.entries(files).map(([file, texts]) => [namespaceOf(file), texts])) as Translations;
}
