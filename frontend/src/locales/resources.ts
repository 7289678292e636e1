// Every translation, bundled at build time: the app never fetches locale files at run time.
import arApiClients from './ar/api-clients.json';
import arAuth from './ar/auth.json';
import arCatalogue from './ar/catalogue.json';
import arCommon from './ar/common.json';
import arErrors from './ar/errors.json';
import arGameApps from './ar/game-apps.json';
import arLicences from './ar/licences.json';
import arOrganisation from './ar/organisation.json';
import arPasswords from './ar/passwords.json';
import arProfile from './ar/profile.json';
import arPeople from './ar/people.json';
import arReports from './ar/reports.json';
import arShell from './ar/shell.json';
import arSsoConnections from './ar/sso-connections.json';
import enApiClients from './en/api-clients.json';
import enAuth from './en/auth.json';
import enCatalogue from './en/catalogue.json';
import enCommon from './en/common.json';
import enErrors from './en/errors.json';
import enGameApps from './en/game-apps.json';
import enLicences from './en/licences.json';
import enOrganisation from './en/organisation.json';
import enPasswords from './en/passwords.json';
import enProfile from './en/profile.json';
import enPeople from './en/people.json';
import enReports from './en/reports.json';
import enShell from './en/shell.json';
import enSsoConnections from './en/sso-connections.json';
import esApiClients from './es/api-clients.json';
import esAuth from './es/auth.json';
import esCatalogue from './es/catalogue.json';
import esCommon from './es/common.json';
import esErrors from './es/errors.json';
import esGameApps from './es/game-apps.json';
import esLicences from './es/licences.json';
import esOrganisation from './es/organisation.json';
import esPasswords from './es/passwords.json';
import esProfile from './es/profile.json';
import esPeople from './es/people.json';
import esReports from './es/reports.json';
import esShell from './es/shell.json';
import esSsoConnections from './es/sso-connections.json';
import frApiClients from './fr/api-clients.json';
import frAuth from './fr/auth.json';
import frCatalogue from './fr/catalogue.json';
import frCommon from './fr/common.json';
import frErrors from './fr/errors.json';
import frGameApps from './fr/game-apps.json';
import frLicences from './fr/licences.json';
import frOrganisation from './fr/organisation.json';
import frPasswords from './fr/passwords.json';
import frProfile from './fr/profile.json';
import frPeople from './fr/people.json';
import frReports from './fr/reports.json';
import frShell from './fr/shell.json';
import frSsoConnections from './fr/sso-connections.json';
import itApiClients from './it/api-clients.json';
import itAuth from './it/auth.json';
import itCatalogue from './it/catalogue.json';
import itCommon from './it/common.json';
import itErrors from './it/errors.json';
import itGameApps from './it/game-apps.json';
import itLicences from './it/licences.json';
import itOrganisation from './it/organisation.json';
import itPasswords from './it/passwords.json';
import itProfile from './it/profile.json';
import itPeople from './it/people.json';
import itReports from './it/reports.json';
import itShell from './it/shell.json';
import itSsoConnections from './it/sso-connections.json';
import zhApiClients from './zh/api-clients.json';
import zhAuth from './zh/auth.json';
import zhCatalogue from './zh/catalogue.json';
import zhCommon from './zh/common.json';
import zhErrors from './zh/errors.json';
import zhGameApps from './zh/game-apps.json';
import zhLicences from './zh/licences.json';
import zhOrganisation from './zh/organisation.json';
import zhPasswords from './zh/passwords.json';
import zhProfile from './zh/profile.json';
import zhPeople from './zh/people.json';
import zhReports from './zh/reports.json';
import zhShell from './zh/shell.json';
import zhSsoConnections from './zh/sso-connections.json';

/** English is the reference: its shape types every `t()` key (see src/types/i18next.d.ts). */
export const englishResources = {
  common: enCommon,
  auth: enAuth,
  shell: enShell,
  errors: enErrors,
  passwords: enPasswords,
  organisation: enOrganisation,
  people: enPeople,
  licences: enLicences,
  apiClients: enApiClients,
  catalogue: enCatalogue,
  gameApps: enGameApps,
  reports: enReports,
  ssoConnections: enSsoConnections,
  profile: enProfile,
};

export type Namespace = keyof typeof englishResources;

export const resources = {
  en: englishResources,
  zh: {
    common: zhCommon, auth: zhAuth, shell: zhShell, errors: zhErrors, passwords: zhPasswords,
    organisation: zhOrganisation,
    people: zhPeople,
    licences: zhLicences,
    apiClients: zhApiClients,
    catalogue: zhCatalogue,
    gameApps: zhGameApps,
    reports: zhReports,
    ssoConnections: zhSsoConnections,
    profile: zhProfile,
  },
  ar: {
    common: arCommon, auth: arAuth, shell: arShell, errors: arErrors, passwords: arPasswords,
    organisation: arOrganisation,
    people: arPeople,
    licences: arLicences,
    apiClients: arApiClients,
    catalogue: arCatalogue,
    gameApps: arGameApps,
    reports: arReports,
    ssoConnections: arSsoConnections,
    profile: arProfile,
  },
  it: {
    common: itCommon, auth: itAuth, shell: itShell, errors: itErrors, passwords: itPasswords,
    organisation: itOrganisation,
    people: itPeople,
    licences: itLicences,
    apiClients: itApiClients,
    catalogue: itCatalogue,
    gameApps: itGameApps,
    reports: itReports,
    ssoConnections: itSsoConnections,
    profile: itProfile,
  },
  es: {
    common: esCommon, auth: esAuth, shell: esShell, errors: esErrors, passwords: esPasswords,
    organisation: esOrganisation,
    people: esPeople,
    licences: esLicences,
    apiClients: esApiClients,
    catalogue: esCatalogue,
    gameApps: esGameApps,
    reports: esReports,
    ssoConnections: esSsoConnections,
    profile: esProfile,
  },
  fr: {
    common: frCommon, auth: frAuth, shell: frShell, errors: frErrors, passwords: frPasswords,
    organisation: frOrganisation,
    people: frPeople,
    licences: frLicences,
    apiClients: frApiClients,
    catalogue: frCatalogue,
    gameApps: frGameApps,
    reports: frReports,
    ssoConnections: frSsoConnections,
    profile: frProfile,
  },
} satisfies Record<string, Record<Namespace, unknown>>;

export type Language = keyof typeof resources;
