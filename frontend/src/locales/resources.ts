// Every translation, bundled at build time: the app never fetches locale files at run time.
import arAuth from './ar/auth.json';
import arCommon from './ar/common.json';
import arErrors from './ar/errors.json';
import arPasswords from './ar/passwords.json';
import arShell from './ar/shell.json';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enPasswords from './en/passwords.json';
import enShell from './en/shell.json';
import esAuth from './es/auth.json';
import esCommon from './es/common.json';
import esErrors from './es/errors.json';
import esPasswords from './es/passwords.json';
import esShell from './es/shell.json';
import frAuth from './fr/auth.json';
import frCommon from './fr/common.json';
import frErrors from './fr/errors.json';
import frPasswords from './fr/passwords.json';
import frShell from './fr/shell.json';
import itAuth from './it/auth.json';
import itCommon from './it/common.json';
import itErrors from './it/errors.json';
import itPasswords from './it/passwords.json';
import itShell from './it/shell.json';
import zhAuth from './zh/auth.json';
import zhCommon from './zh/common.json';
import zhErrors from './zh/errors.json';
import zhPasswords from './zh/passwords.json';
import zhShell from './zh/shell.json';

/** English is the reference: its shape types every `t()` key (see src/types/i18next.d.ts). */
export const englishResources = {
  common: enCommon,
  auth: enAuth,
  shell: enShell,
  errors: enErrors,
  passwords: enPasswords,
};

export type Namespace = keyof typeof englishResources;

export const resources = {
  en: englishResources,
  zh: { common: zhCommon, auth: zhAuth, shell: zhShell, errors: zhErrors, passwords: zhPasswords },
  ar: { common: arCommon, auth: arAuth, shell: arShell, errors: arErrors, passwords: arPasswords },
  it: { common: itCommon, auth: itAuth, shell: itShell, errors: itErrors, passwords: itPasswords },
  es: { common: esCommon, auth: esAuth, shell: esShell, errors: esErrors, passwords: esPasswords },
  fr: { common: frCommon, auth: frAuth, shell: frShell, errors: frErrors, passwords: frPasswords },
} satisfies Record<string, Record<Namespace, unknown>>;

export type Language = keyof typeof resources;
