import { FieldCode, ProblemCode } from '@/api/gen/playtrack.schemas';
import { UNEXPECTED_RESPONSE } from '@/lib/api-client';
import { LANGUAGES, loadTranslations } from './load';
import { type Language, resources } from './resources';

interface Tree {
  [key: string]: string | Tree;
}

function leaves(tree: Tree, prefix: string): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : leaves(value, `${prefix}${key}.`),
  );
}

/** Every text of one language, keyed like `auth:signIn.title`. */
function flatten(namespaces: Record<string, Tree>): Map<string, string> {
  return new Map(Object.entries(namespaces).flatMap(([ns, tree]) => leaves(tree, `${ns}:`)));
}

const english = flatten(resources.en);
const others = (Object.keys(resources) as Language[]).filter((language) => language !== 'en');

/** Texts that are rightly the same as in English: the product's name, and loanwords. */
const SAME_AS_ENGLISH: Record<string, readonly Language[]> = {
  'common:appName': others,
  'common:appVersion': others,
  'auth:signIn.password': ['it'],
  'organisation:audit.no': ['it', 'es'],
  'apiClients:kind.partner': ['it'],
  // French says "score" for a score.
  'reports:insight.score': ['fr'],
  // Short enough for its column (the other lists say Opérations).
  'apiClients:columns.actions': ['fr'],
  // The letters a date field shows where a part is still empty.
  'common:datePicker.dayPlaceholder': ['es'],
  'common:datePicker.monthPlaceholder': ['it', 'es', 'fr'],
  'common:datePicker.ok': ['it', 'fr'],
  // The same colour word in French.
  'shell:appearance.colourTheme.orange': ['fr'],
  // A skill's name and its percent, punctuated alike (Chinese uses full-width brackets).
  'shell:dashboard.trend.skill': ['it', 'es', 'fr', 'ar'],
  // The names of the two file formats.
  'reports:export.csv': others,
  'reports:export.xlsx': others,
};

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe.each(others)('the %s translation', (language) => {
  const translated = flatten(resources[language]);

  it('has every English key, and no other', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([...english.keys()])('translates %s', (key) => {
    const text = translated.get(key) ?? '';
    expect(text.trim()).not.toBe('');
    expect(placeholders(text)).toEqual(placeholders(english.get(key) ?? ''));
    if (!SAME_AS_ENGLISH[key]?.includes(language)) expect(text).not.toBe(english.get(key));
  });
});

describe('the errors namespace', () => {
  it.each([...Object.values(ProblemCode), UNEXPECTED_RESPONSE])(
    'translates the error code %s',
    (code) => {
      expect(english.get(`errors:${code}`)).toBeTruthy();
    },
  );
});

describe('the field problems', () => {
  it.each(Object.values(FieldCode))('translates the field code %s', (code) => {
    expect(english.get(`errors:field.${code}`)).toBeTruthy();
  });
});

/** The seed's sign-up messages, kept word for word: its users know them. */
const SEED_INPUT_WORDING = new Set(['auth:signUp.nameRequired', 'auth:signUp.emailRequired']);

describe('the English wording', () => {
  it('spells licence the British way throughout, and never asks to "input" anything', () => {
    const offending = [...english].filter(
      ([key, text]) => /\blicens/i.test(text) || (/\binput\b/i.test(text) && !SEED_INPUT_WORDING.has(key)),
    );
    expect(offending).toEqual([]);
  });
});

describe('loading a language', () => {
  it('offers every language there are translations for', () => {
    expect([...LANGUAGES].sort()).toEqual(Object.keys(resources).sort());
  });

  it.each([...LANGUAGES])('fetches every namespace of %s and nothing else', async (language) => {
    expect(await loadTranslations(language)).toEqual(resources[language]);
  });

  it.each([...LANGUAGES])('fetches what the public pages say in %s first, without the signed-in screens', async (language) => {
    expect(Object.keys(await loadTranslations(language, ['public'])).sort()).toEqual(['auth', 'common', 'errors', 'passwords']);
  });
});
