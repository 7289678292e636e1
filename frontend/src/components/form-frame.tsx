// The frame of a people or licence form: a titled card, the form's fields, and Cancel (back to
// the list) beside the submit button.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode, SubmitEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelButton } from './cancel-button';
import { TitledCard } from './titled-card';

interface FormFrameProps {
  title: string;
  /** Whether the form holds unsaved changes: Cancel asks before dropping them. */
  dirty: () => boolean;
  submitLabel: string;
  submitting: boolean;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  children: ReactNode;
}

export function FormFrame({ title, dirty, submitLabel, submitting, onSubmit, children }: FormFrameProps) {
  const { t } = useTranslation('common');
  return (
    <TitledCard title={title} maxWidth={640}>
      <form noValidate onSubmit={onSubmit}>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {children}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <CancelButton to=".." dirty={dirty} label={t('cancel')} />
            <Button type="submit" variant="contained" loading={submitting}>
              {submitLabel}
            </Button>
          </Stack>
        </Stack>
      </form>
    </TitledCard>
  );
}
