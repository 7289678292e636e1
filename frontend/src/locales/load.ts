// Translations load per language when first needed, so a visitor downloads theirs alone: the
// build puts each language's files in one chunk (vite.config.ts).
import type { Language, Namespace } from './resources';

export type Translations = Record<Namespace, object>;

/** Every interface language; the first is the default. */
export const LANGUAGES = ['en', 'zh', 'ar', 'it', 'es', 'fr'] as const satisfies readonly Language[];

const FILES = import.meta.glob<object>('./*/*.json', { import: 'default' });

/** `./fr/sso-connections.json` holds the `ssoConnections` namespace. */
function namespaceOf(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
  return name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}

export async function loadTranslations(language: Language): Promise<Translations> {
  const prefix = `./${language}/`;
  const namespaces = await Promise.all(
    Object.entries(FILES)
      .filter(([file]) => file.startsWith(prefix))
      .map(async ([file, load]) => [namespaceOf(file), await load()] as const),
  );
  return Object.fromEntries(namespaces) as Translations;
}
