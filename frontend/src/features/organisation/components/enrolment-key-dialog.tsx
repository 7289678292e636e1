// Makes a batch's sign-up link: how many people it admits, until which day (its end, in the
// admin's time zone), and optionally from which e-mail domains. Once made, the dialog shows the
// link, the one time there is, and then closes only through its button: whoever closes it
// cannot see the link again. Before that, a stray click beside it does not close it, and Cancel
// asks before dropping what was typed.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { addDays, endOfDay, format, parseISO } from 'date-fns';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCreateEnrolmentKey } from '../api/enrolment-keys';
import type { Batch, EnrolmentKeyInput } from '@/api/gen/playtrack.schemas';
import { CopyField } from '@/components/copy-field';
import { FormDialog } from '@/components/form-dialog';
import { isDomain, normalDomain } from '@/lib/email-domains';
import { renameFieldErrors } from '@/lib/form-errors';
import { unsavedChanges } from '@/lib/unsaved-changes';
import { useServerErrors } from '@/lib/use-server-errors';
import { DateInput, TextInput } from './form-fields';

/** The server's bounds (crates/licensing/src/enrolment_keys.rs). */
const MAX_USES = 10_000;
const MAX_DOMAINS = 20;
/** The last day offered: the server takes up to 366 days from now, so a whole day less. */
const LAST_DAY_AHEAD = 365;
const DEFAULT_USES = 30;
const DEFAULT_DAYS_AHEAD = 30;

const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');

/** The domains typed, separated by commas or spaces, each once. */
const domainList = (text: string) => [...new Set(text.split(/[\s,]+/).map(normalDomain).filter((domain) => domain !== ''))];

// Messages are `organisation:validation.*` keys, translated where they are shown.
const schema = z.object({
  max_uses: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'validation.maxUses' })
    .transform(Number)
    .refine((uses) => uses >= 1 && uses <= MAX_USES, { error: 'validation.maxUses' }),
  // Days compare as their text; an empty or half-typed one falls outside too.
  expires_at: z
    .string()
    .refine((day) => day >= isoDay(new Date()) && day <= isoDay(addDays(new Date(), LAST_DAY_AHEAD)), {
      error: 'validation.expiresAt',
    })
    .transform((day) => endOfDay(parseISO(day)).toISOString()),
  domains: z
    .string()
    .transform(domainList)
    .refine((domains) => domains.every(isDomain), { error: 'validation.domainMalformed' })
    .refine((domains) => domains.length <= MAX_DOMAINS, { error: 'validation.tooManyDomains' }),
});

type FormValues = z.input<typeof schema>;

const FIELDS = ['max_uses', 'expires_at', 'domains'] as const;

/** The server names each domain at fault (`domains.2`); the form holds them in one field. */
const formField = (field: string) => (/^domains\.\d+$/.test(field) ? 'domains' : field);

interface EnrolmentKeyDialogProps {
  batch: Batch;
  onClose: () => void;
}

/** Mounted while open: each opening starts from the defaults, and the link lives no longer. */
export function EnrolmentKeyDialog({ batch, onClose }: EnrolmentKeyDialogProps) {
  const { t } = useTranslation('organisation');
  const [link, setLink] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, EnrolmentKeyInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      max_uses: String(DEFAULT_USES),
      expires_at: isoDay(addDays(new Date(), DEFAULT_DAYS_AHEAD)),
      domains: '',
    },
  });
  const { control, handleSubmit, setError } = form;
  const { failureMessage, onError, clear } = useServerErrors(setError, FIELDS);
  const create = useCreateEnrolmentKey(batch.id, setLink);

  const onSubmit = handleSubmit((input) => {
    clear();
    create.mutate(input, { onError: (error) => onError(renameFieldErrors(error, formField)) });
  });

  return (
    <FormDialog
      title={t('enrolmentKeys.form.title', { batch: batch.name })}
      submitLabel={t('enrolmentKeys.form.create')}
      pending={create.isPending}
      failureMessage={failureMessage}
      dirty={unsavedChanges(form)}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
      ownMargins
      result={
        link === null ? undefined : (
          <>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                <CopyField
                  label={t('enrolmentKeys.form.link')}
                  value={link}
                  copyLabel={t('enrolmentKeys.form.copy')}
                  copiedMessage={t('enrolmentKeys.form.copied')}
                  failedMessage={t('enrolmentKeys.form.copyFailed')}
                />
                <Alert severity="warning">{t('enrolmentKeys.form.shownOnce', { batch: batch.name })}</Alert>
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button variant="contained" onClick={onClose}>
                {t('enrolmentKeys.form.done')}
              </Button>
            </DialogActions>
          </>
        )
      }
    >
      <TextInput
        control={control}
        name="max_uses"
        type="number"
        label={t('enrolmentKeys.form.maxUses')}
        hint={t('enrolmentKeys.form.maxUsesHint')}
        required
      />
      <DateInput
        control={control}
        name="expires_at"
        label={t('enrolmentKeys.form.expiresAt')}
        hint={t('enrolmentKeys.form.expiresAtHint')}
        min={isoDay(new Date())}
        required
      />
      <TextInput
        control={control}
        name="domains"
        label={t('enrolmentKeys.form.domains')}
        hint={t('enrolmentKeys.form.domainsHint')}
        autoComplete="off"
      />
    </FormDialog>
  );
}
