// An SSO connection as its form holds it, and the form's checks, mirroring the server's
// (crates/identity/src/sso/connection.rs) so most mistakes show before a round trip.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { SsoConnection, SsoConnectionInput } from '@/api/gen/playtrack.schemas';
import { isDomain, normalDomain } from '@/lib/email-domains';
import { renameFieldErrors } from '@/lib/form-errors';

export const CLIENT_ID_MAX = 255;
export const SECRET_MAX = 512;
export const ISSUER_MAX = 2048;
export const SCOPES_MAX = 10;
export const DOMAINS_MAX = 20;

/** The ID-token claims that may carry the person's e-mail. */
export const EMAIL_CLAIMS = ['email', 'preferred_username', 'upn'] as const;
export type EmailClaim = (typeof EMAIL_CLAIMS)[number];

/** Scopes always asked for: listing them again changes nothing. */
const BASE_SCOPES = ['openid', 'email', 'profile'];

export interface SsoFormValues {
  /** The company whose connection it is: chosen when setting one up. */
  company_id: string;
  issuer: string;
  client_id: string;
  /** Empty keeps the saved secret; never filled from the server, which never answers it. */
  client_secret: string;
  /** The extra scopes, separated by spaces as OAuth writes them. */
  scopes: string;
  email_claim: EmailClaim;
  /** One row each (objects, so the rows can be added and removed). */
  domains: { domain: string }[];
  create_users: boolean;
  /** Empty until chosen. */
  batch_id: string;
  assign_seat: boolean;
  password_sign_in: boolean;
}

/** What the form submits: the company and the connection it saves. */
export interface SsoSubmit {
  companyId: string;
  data: SsoConnectionInput;
}

const isEmailClaim = (claim: string): claim is EmailClaim => (EMAIL_CLAIMS as readonly string[]).includes(claim);

/** The form's values for `connection`, or a new one's (`companyId` chosen already, or not). */
export function ssoDefaults(connection?: SsoConnection, companyId = ''): SsoFormValues {
  return {
    company_id: connection?.company_id ?? companyId,
    issuer: connection?.issuer ?? '',
    client_id: connection?.client_id ?? '',
    client_secret: '',
    scopes: connection?.scopes.join(' ') ?? '',
    email_claim: connection && isEmailClaim(connection.email_claim) ? connection.email_claim : 'email',
    domains: (connection?.domains.length ? connection.domains : ['']).map((domain) => ({ domain })),
    create_users: connection?.create_users ?? false,
    batch_id: connection?.batch_id ?? '',
    assign_seat: connection?.assign_seat ?? false,
    password_sign_in: connection?.password_sign_in ?? true,
  };
}

/** The form paths of the fields the server may name in its errors. */
export const SSO_FIELDS = [
  'issuer',
  'client_id',
  'client_secret',
  'scopes',
  'email_claim',
  'domains',
  ...Array.from({ length: DOMAINS_MAX }, (_, index) => `domains.${index}.domain` as const),
  'batch_id',
] as const;

/** The form path of a field the server names: its `domains.2` is the third row, and every
 * scope shares the one scopes field. */
export function formField(field: string): string {
  if (/^domains\.\d+$/.test(field)) return `${field}.domain`;
  if (/^scopes\.\d+$/.test(field)) return 'scopes';
  return field;
}

/** `error` with its field problems named as the form names its fields. */
export const onFormFields = (error: unknown) => renameFieldErrors(error, formField);

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** Why `raw` is no issuer the server takes: `https://…`, or `http://` on this machine, with no
 * query, fragment or user name; none when it is one. */
export function issuerProblem(raw: string): 'required' | 'tooLong' | 'invalid' | undefined {
  const text = raw.trim();
  if (text === '') return 'required';
  if (Array.from(text).length > ISSUER_MAX) return 'tooLong';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'invalid';
  }
  const loopback = IPV4_LOOPBACK.test(url.hostname) || url.hostname === '[::1]' || url.hostname === 'localhost';
  const scheme = url.protocol.slice(0, -1);
  const schemeOk = (scheme === 'https' && url.hostname !== '') || (scheme === 'http' && loopback);
  // An empty query or fragment (`…?`, `…#`) is one too, though `search` and `hash` are empty then.
  if (!schemeOk || text.includes('?') || text.includes('#') || url.username !== '') return 'invalid';
  return undefined;
}

/** A scope token (RFC 6749 §3.3): printable ASCII but space, `"` and `\`, at most 128. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]{1,128}$/;

/** The scopes typed, one per word. */
export const scopeWords = (text: string) => text.split(/\s+/).filter((word) => word !== '');

/** The extra scopes sent: each once, without those always asked for. */
function extraScopes(text: string): string[] {
  return [...new Set(scopeWords(text))].filter((scope) => !BASE_SCOPES.includes(scope));
}

const controlCharacter = (value: string) => /\p{Cc}/u.test(value);

/** The checks of the form; `creating`: a new connection, which needs its company and secret. */
export function useSsoConnectionSchema(creating: boolean) {
  const { t } = useTranslation('ssoConnections');
  return useMemo(
    () =>
      z
        .object({
          company_id: z.string().refine((value) => !creating || value !== '', { error: t('form.companyRequired') }),
          issuer: z.string().superRefine((value, context) => {
            const problem = issuerProblem(value);
            if (problem) context.addIssue({ code: 'custom', message: t(`form.issuerProblem.${problem}`) });
          }),
          client_id: z
            .string()
            .trim()
            .min(1, { error: t('form.clientIdRequired') })
            .max(CLIENT_ID_MAX, { error: t('form.tooLong', { max: CLIENT_ID_MAX }) })
            .refine((value) => !controlCharacter(value), { error: t('form.controlCharacter') }),
          client_secret: z
            .string()
            .trim()
            .refine((value) => !creating || value !== '', { error: t('form.clientSecretRequired') })
            .refine((value) => value.length <= SECRET_MAX, { error: t('form.tooLong', { max: SECRET_MAX }) })
            .refine((value) => !controlCharacter(value), { error: t('form.controlCharacter') }),
          scopes: z
            .string()
            .refine((value) => scopeWords(value).every((scope) => SCOPE_TOKEN.test(scope)), {
              error: t('form.scopeMalformed'),
            })
            .refine((value) => extraScopes(value).length <= SCOPES_MAX, {
              error: t('form.tooManyScopes', { max: SCOPES_MAX }),
            }),
          email_claim: z.enum(EMAIL_CLAIMS),
          domains: z
            .array(z.object({ domain: z.string() }))
            .min(1, { error: t('form.domain.required') })
            .max(DOMAINS_MAX, { error: t('form.tooManyDomains', { max: DOMAINS_MAX }) })
            .superRefine((rows, context) => {
              // The first of two same domains stays; the later one is the repeat.
              const seen = new Set<string>();
              rows.forEach(({ domain }, index) => {
                const normal = normalDomain(domain);
                const path = [index, 'domain'];
                if (normal === '') {
                  context.addIssue({ code: 'custom', message: t('form.domain.required'), path });
                } else if (!isDomain(normal)) {
                  context.addIssue({ code: 'custom', message: t('form.domain.malformed'), path });
                } else if (seen.has(normal)) {
                  context.addIssue({ code: 'custom', message: t('form.domain.duplicate'), path });
                } else {
                  seen.add(normal);
                }
              });
            }),
          create_users: z.boolean(),
          batch_id: z.string(),
          assign_seat: z.boolean(),
          password_sign_in: z.boolean(),
        })
        .refine(({ create_users, batch_id }) => !create_users || batch_id !== '', {
          error: t('form.batchRequired'),
          path: ['batch_id'],
        })
        .transform(
          (values): SsoSubmit => ({
            companyId: values.company_id,
            data: {
              issuer: values.issuer.trim(),
              client_id: values.client_id,
              // Left out, the saved secret stays.
              ...(values.client_secret === '' ? {} : { client_secret: values.client_secret }),
              scopes: extraScopes(values.scopes),
              email_claim: values.email_claim,
              domains: values.domains.map(({ domain }) => normalDomain(domain)),
              create_users: values.create_users,
              batch_id: values.create_users ? values.batch_id : null,
              assign_seat: values.create_users && values.assign_seat,
              password_sign_in: values.password_sign_in,
            },
          }),
        ),
    [t, creating],
  );
}
