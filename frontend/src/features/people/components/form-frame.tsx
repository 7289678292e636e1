// The frame of the people forms: a titled card, the form's fields, and Cancel (back to the
// list) beside the submit button.
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode, SubmitEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

interface FormFrameProps {
  title: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  children: ReactNode;
}

export function FormFrame({ title, submitLabel, submitting, onSubmit, children }: FormFrameProps) {
  const { t } = useTranslation('people');
  return (
    <Card component="section" sx={{ maxWidth: 640, mx: 'auto' }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {title}
        </Typography>
        <form noValidate onSubmit={onSubmit}>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {children}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button component={RouterLink} to=".." relative="path">
                {t('form.cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={submitting}>
                {submitLabel}
              </Button>
            </Stack>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
