// The frame of every organisation form: a titled card, the whole-request failure, Save and Cancel.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode, SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelButton } from '@/components/cancel-button';

interface FormCardProps {
  title: string;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => Promise<void>;
  pending: boolean;
  failureMessage: string | undefined;
  cancelTo: string;
  /** Whether the form holds unsaved changes: Cancel asks before dropping them. */
  dirty: () => boolean;
  children: ReactNode;
}

export function FormCard({ title, onSubmit, pending, failureMessage, cancelTo, dirty, children }: FormCardProps) {
  const { t } = useTranslation('organisation');
  return (
    <Box component="section" sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {title}
      </Typography>
      <Card>
        <CardContent>
          <form noValidate onSubmit={(event) => void onSubmit(event)}>
            {children}
            {failureMessage !== undefined && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {failureMessage}
              </Alert>
            )}
            <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
              <Button type="submit" variant="contained" loading={pending} disabled={pending}>
                {t('actions.save')}
              </Button>
              <CancelButton to={cancelTo} dirty={dirty} label={t('actions.cancel')} />
            </Stack>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
