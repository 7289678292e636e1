// A company as its form holds it: text inputs, so the session time is a string until checked.
import { z } from 'zod';
import type { Company } from '@/api/gen/playtrack.schemas';
import { choice, nameField, remarkField, requiredText } from './validators';
import { emailField } from '@/lib/email-field';

const SESSION_MINUTES_MAX = 60;

export const companySchema = z.object({
  name: nameField,
  email: emailField('validation.emailRequired', 'validation.emailInvalid'),
  contact_person: requiredText('validation.contactPersonRequired'),
  industry_id: choice('validation.industryRequired'),
  country_id: choice('validation.countryRequired'),
  remark: remarkField,
  session_minutes: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'validation.sessionMinutes' })
    .transform(Number)
    .refine((minutes) => minutes >= 1 && minutes <= SESSION_MINUTES_MAX, { error: 'validation.sessionMinutes' }),
  active: z.boolean(),
});

export const COMPANY_FIELDS = [
  'name',
  'email',
  'contact_person',
  'industry_id',
  'country_id',
  'remark',
  'session_minutes',
  'active',
] as const;

export function companyDefaults(company: Company | undefined): z.input<typeof companySchema> {
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    contact_person: company?.contact_person ?? '',
    industry_id: company?.industry_id ?? '',
    country_id: company?.country_id ?? '',
    remark: company?.remark ?? '',
    session_minutes: company ? String(company.session_minutes) : '',
    active: company?.active ?? true,
  };
}
