// /new-password?token=… (the reset mail's link) and /change-password?token=… (the seed's other
// name for the same link): asks the server whether the link still works, then takes the new
// password with live hints for the seed's rule.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { useResetPassword } from '../api/passwords';
import { NewPasswordFields } from '@/components/new-password-fields';
import { SubmitButton } from '@/components/submit-button';
import { problemCode } from '@/lib/api-client';
import { applyFieldErrors, isFormFailure } from '@/lib/form-errors';
import { newPasswordSchema } from '@/lib/password-form';
import { evaluatePassword, newPasswordPolicy } from '@/lib/password-policy';
import { LOGIN_PATH, RESET_PASSWORD_PATH } from '@/lib/paths';
import { useProblemMessage } from '@/lib/problem-message';
import { useResetLinkCheck } from '../api/password-links';
import { type SignInPageState, useBackToSignIn } from '../hooks/use-sign-in-steps';
import { BackToSignIn } from './back-to-sign-in';

type TitleKey = 'newPassword.title' | 'changePassword.title';

export function NewPasswordPage() {
  return <PasswordLinkPage title="newPassword.title" />;
}

export function ChangePasswordPage() {
  return <PasswordLinkPage title="changePassword.title" />;
}

const LINK_EXPIRED_STATE: SignInPageState = { notice: 'linkExpired' };

function PasswordLinkPage({ title }: { title: TitleKey }) {
  const { t } = useTranslation('auth');
  const { problemMessage } = useProblemMessage();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const check = useResetLinkCheck(token);

  if (check.data?.response_code === 'LOGIN') {
    return <Navigate to={LOGIN_PATH} replace state={LINK_EXPIRED_STATE} />;
  }

  return (
    <Card component="section" sx={{ maxWidth: 480, mx: 'auto' }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {t(title)}
        </Typography>
        {token === '' ? (
          <Alert severity="error">{t('newPassword.missingToken')}</Alert>
        ) : check.isPending ? (
          <>
            <Typography color="text.secondary">{t('newPassword.checking')}</Typography>
            <LinearProgress sx={{ mt: 2 }} aria-label={t('newPassword.checking')} />
          </>
        ) : check.isError ? (
          <Alert severity="error">{problemMessage(check.error)}</Alert>
        ) : (
          <NewPasswordForm token={token} />
        )}
      </CardContent>
      {(token === '' || check.isError) && (
        <CardActions>
          <Button component={RouterLink} to={RESET_PASSWORD_PATH}>
            {t('newPassword.askAgain')}
          </Button>
          <BackToSignIn />
        </CardActions>
      )}
    </Card>
  );
}

const schema = newPasswordSchema({ policy: newPasswordPolicy, ruleMessage: 'passwords:newPasswordRule' });

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation(['auth', 'passwords']);
  const { problemMessage, fieldMessage } = useProblemMessage();
  const backToSignIn = useBackToSignIn();
  const reset = useResetPassword();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const password = useWatch({ control, name: 'password' });
  const verdicts = useMemo(() => evaluatePassword(newPasswordPolicy, password), [password]);

  const onSubmit = handleSubmit(({ password, confirm }) => {
    reset.mutate(
      { data: { token, password, confirm } },
      {
        onSuccess: () => backToSignIn('passwordChanged'),
        onError: (error) => {
          if (problemCode(error) === 'LINK_EXPIRED') {
            backToSignIn('linkExpired');
            return;
          }
          applyFieldErrors(error, setError, ['password', 'confirm'], fieldMessage);
        },
      },
    );
  });

  const failure = reset.isError && isFormFailure(reset.error, ['LINK_EXPIRED']);

  return (
    <>
      <Typography color="text.secondary">{t('newPassword.intro')}</Typography>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <NewPasswordFields
          password={register('password')}
          confirm={register('confirm')}
          errors={errors}
          policy={newPasswordPolicy}
          verdicts={verdicts}
          rulesTip={t('passwords:newPasswordRule')}
          // Whose link it is stays on the server; it checks this rule on submit.
          hiddenRules={['NO_PERSONAL_INFO']}
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {problemMessage(reset.error)}
          </Alert>
        )}
        <SubmitButton size="large" fullWidth pending={reset.isPending} disabled={reset.isPending || reset.isSuccess}>
          {t('newPassword.submit')}
        </SubmitButton>
      </form>
    </>
  );
}
