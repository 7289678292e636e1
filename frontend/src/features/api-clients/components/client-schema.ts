// A new API client as its form holds it, and the client's checks, mirroring the server's
// (crates/scoring/src/clients.rs) so most mistakes show before a round trip.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiClientKind, type ApiClientInput } from '@/api/gen/playtrack.schemas';

export const NAME_MAX = 120;
export const RATE_LIMIT_MIN = 1;
export const RATE_LIMIT_MAX = 100_000;
export const DEFAULT_RATE_LIMIT = 1_200;

export const KINDS = Object.values(ApiClientKind);

/** The fields the server may name in its errors. */
export const CLIENT_FIELDS = ['name', 'kind', 'companies', 'rate_limit_per_minute'] as const;

export interface ClientFormValues {
  name: string;
  kind: ApiClientKind;
  /** 'all' companies, present and future, or only `companies`. */
  scope: 'all' | 'some';
  companies: string[];
  /** The input's text until checked. */
  rate_limit_per_minute: string;
}

export const CLIENT_DEFAULTS: ClientFormValues = {
  name: '',
  kind: 'game',
  scope: 'all',
  companies: [],
  rate_limit_per_minute: String(DEFAULT_RATE_LIMIT),
};

export function useClientSchema() {
  const { t } = useTranslation('apiClients');
  return useMemo(() => {
    const rateLimit = t('form.rateLimitRange');
    return z
      .object({
        name: z
          .string()
          .trim()
          .min(1, { error: t('form.nameRequired') })
          .max(NAME_MAX, { error: t('form.nameTooLong') }),
        kind: z.enum(KINDS),
        scope: z.enum(['all', 'some']),
        companies: z.array(z.string()),
        rate_limit_per_minute: z
          .string()
          .trim()
          .regex(/^\d+$/, { error: rateLimit })
          .transform(Number)
          .refine((limit) => limit >= RATE_LIMIT_MIN && limit <= RATE_LIMIT_MAX, { error: rateLimit }),
      })
      .refine(({ scope, companies }) => scope === 'all' || companies.length > 0, {
        error: t('form.companiesRequired'),
        path: ['companies'],
        // Said together with the other fields' problems, not only once they are all right.
        when: ({ value }) => {
          const values = value as Partial<ClientFormValues> | undefined;
          return values?.scope === 'some' && Array.isArray(values.companies);
        },
      })
      .transform(
        ({ name, kind, scope, companies, rate_limit_per_minute }): ApiClientInput => ({
          name,
          kind,
          all_companies: scope === 'all',
          companies: scope === 'all' ? [] : companies,
          rate_limit_per_minute,
        }),
      );
  }, [t]);
}
