// /user/resetpassword (the trainee's "Reset Password" item): change one's own password.
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './change-password-form';

export function ChangePasswordPage() {
  const { t } = useTranslation('passwords');
  return (
    <Card component="section" sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 0, sm: 2 } }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('change.title')}
        </Typography>
        <ChangePasswordForm />
      </CardContent>
    </Card>
  );
}
