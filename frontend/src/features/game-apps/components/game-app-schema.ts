// A game app as its form holds it, and the form's checks, mirroring the server's
// (crates/identity/src/game_apps.rs and oauth.rs) so most mistakes show before a round trip.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { GameApp, GameAppInput } from '@/api/gen/playtrack.schemas';
import { renameFieldErrors } from '@/lib/form-errors';

export const NAME_MAX = 120;
export const REDIRECT_URIS_MAX = 10;

/** What a game app may ask a trainee to allow. */
export const SCOPES = ['play', 'reports'] as const;
export type GameScope = (typeof SCOPES)[number];

export interface GameAppFormValues {
  name: string;
  /** One row each (objects, so the rows can be added and removed). */
  redirect_uris: { uri: string }[];
  scopes: GameScope[];
  /** The API client it reports as; empty until chosen. */
  api_client_id: string;
  enabled: boolean;
}

/** The form's values for `app`, or a new app's. */
export function gameAppDefaults(app?: GameApp): GameAppFormValues {
  return {
    name: app?.name ?? '',
    redirect_uris: (app?.redirect_uris.length ? app.redirect_uris : ['']).map((uri) => ({ uri })),
    scopes: app ? SCOPES.filter((scope) => app.scopes.includes(scope)) : ['play'],
    api_client_id: app?.api_client_id ?? '',
    enabled: !app?.disabled_at,
  };
}

/** What the server takes to save `app` as it is but for `changes` (disabling it, say); none
 * while it reports as no API client, which the server requires. */
export function gameAppInput(app: GameApp, changes: Partial<GameAppInput> = {}): GameAppInput | undefined {
  if (!app.api_client_id) return undefined;
  return {
    name: app.name,
    redirect_uris: app.redirect_uris,
    scopes: app.scopes,
    api_client_id: app.api_client_id,
    disabled: Boolean(app.disabled_at),
    ...changes,
  };
}

/** The form paths of the fields the server may name in its errors. */
export const GAME_APP_FIELDS = [
  'name',
  'redirect_uris',
  ...Array.from({ length: REDIRECT_URIS_MAX }, (_, index) => `redirect_uris.${index}.uri` as const),
  'scopes',
  'api_client_id',
] as const;

/** The form path of a field the server names: its `redirect_uris.2` is the third row's address. */
export function formField(field: string): string {
  return /^redirect_uris\.\d+$/.test(field) ? `${field}.uri` : field;
}

/** `error` with its field problems named as the form names its fields. */
export const onFormFields = (error: unknown) => renameFieldErrors(error, formField);

/** Why a redirect URI cannot be registered, as the server judges it (RFC 8252); none when it can. */
export type RedirectProblem = 'required' | 'notUri' | 'fragment' | 'localhost' | 'insecureHttp' | 'scheme';

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** Parses `raw` the way the server does (WHATWG URLs on both sides), or says why it cannot be one. */
export function parseRedirectUri(raw: string): URL | RedirectProblem {
  const text = raw.trim();
  if (text === '') return 'required';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'notUri';
  }
  // An empty fragment (`…/cb#`) is a fragment too, though `hash` is empty then.
  if (text.includes('#')) return 'fragment';
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'https' && url.hostname !== '') return url;
  if (scheme === 'http' || scheme === 'https') {
    if (url.hostname === 'localhost') return 'localhost';
    if (scheme === 'http' && (IPV4_LOOPBACK.test(url.hostname) || url.hostname === '[::1]')) return url;
    return 'insecureHttp';
  }
  return scheme.includes('.') ? url : 'scheme';
}

export function useGameAppSchema() {
  const { t } = useTranslation('gameApps');
  return useMemo(
    () =>
      z
        .object({
          name: z
            .string()
            .trim()
            .min(1, { error: t('form.nameRequired') })
            .max(NAME_MAX, { error: t('form.nameTooLong') })
            // Characters Rust's `char::is_control` refuses (Unicode's Cc).
            .refine((value) => !/\p{Cc}/u.test(value), { error: t('form.controlCharacter') }),
          redirect_uris: z
            .array(z.object({ uri: z.string() }))
            .min(1, { error: t('form.uri.required') })
            .max(REDIRECT_URIS_MAX, { error: t('form.tooManyUris', { max: REDIRECT_URIS_MAX }) })
            .superRefine((rows, context) => {
              // The first of two same addresses stays; the later one is the repeat.
              const seen = new Set<string>();
              rows.forEach(({ uri }, index) => {
                const parsed = parseRedirectUri(uri);
                const path = [index, 'uri'];
                if (typeof parsed === 'string') {
                  context.addIssue({ code: 'custom', message: t(`form.uri.${parsed}`), path });
                } else if (seen.has(parsed.href)) {
                  context.addIssue({ code: 'custom', message: t('form.uri.duplicate'), path });
                } else {
                  seen.add(parsed.href);
                }
              });
            }),
          scopes: z.array(z.enum(SCOPES)).min(1, { error: t('form.scopesRequired') }),
          api_client_id: z.string().min(1, { error: t('form.reportsAsRequired') }),
          enabled: z.boolean(),
        })
        .transform(
          ({ name, redirect_uris, scopes, api_client_id, enabled }): GameAppInput => ({
            name,
            redirect_uris: redirect_uris.map(({ uri }) => uri.trim()),
            scopes: [...scopes],
            api_client_id,
            disabled: !enabled,
          }),
        ),
    [t],
  );
}
