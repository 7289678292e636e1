// /invitation/confirm-email?value=…&name=…: an invitee greeted by name chooses their first
// password against the invitation's policy, with live hints, then signs in like any sign-in
// (the EULA for trainees, the OTP where their company asks for one).
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAcceptInvitation, useGetInvitation } from '../api/passwords';
import type { Invitation } from '@/api/gen/playtrack.schemas';
import { NewPasswordFields } from '@/components/new-password-fields';
import { SubmitButton } from '@/components/submit-button';
import { problemCode } from '@/lib/api-client';
import { applyFieldErrors, isFormFailure } from '@/lib/form-errors';
import { newPasswordSchema } from '@/lib/password-form';
import { evaluatePassword } from '@/lib/password-policy';
import { LOGIN_PATH } from '@/lib/paths';
import { useProblemMessage } from '@/lib/problem-message';
import { useBackToSignIn, useSignInSteps } from '../hooks/use-sign-in-steps';
import { EulaDialog } from './eula-dialog';

export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const { problemMessage } = useProblemMessage();
  const [params] = useSearchParams();
  const token = params.get('value')?.trim() ?? '';
  const name = params.get('name')?.trim();
  const invitation = useGetInvitation({ token }, { query: { enabled: token !== '', retry: false } });
  const expired = problemCode(invitation.error) === 'LINK_EXPIRED';

  return (
    <Card component="section" sx={{ maxWidth: 480, mx: 'auto' }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {name ? t('confirmEmail.titleWithName', { name }) : t('confirmEmail.title')}
        </Typography>
        {token === '' ? (
          <Alert severity="error">{t('confirmEmail.missingToken')}</Alert>
        ) : invitation.isPending ? (
          <>
            <Typography color="text.secondary">{t('confirmEmail.loading')}</Typography>
            <LinearProgress sx={{ mt: 2 }} aria-label={t('confirmEmail.loading')} />
          </>
        ) : invitation.isError ? (
          <>
            <Alert severity={expired ? 'warning' : 'error'}>
              {expired ? t('confirmEmail.expired') : problemMessage(invitation.error)}
            </Alert>
            <Button component={RouterLink} to={LOGIN_PATH} sx={{ mt: 2 }}>
              {t('confirmEmail.goToSignIn')}
            </Button>
          </>
        ) : (
          <InvitationForm token={token} invitation={invitation.data} />
        )}
      </CardContent>
    </Card>
  );
}

function InvitationForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const { t } = useTranslation(['auth', 'passwords']);
  const { problemMessage, fieldMessage } = useProblemMessage();
  const backToSignIn = useBackToSignIn();
  const steps = useSignInSteps();
  const accept = useAcceptInvitation();
  const { policy, email, name } = invitation;
  const schema = useMemo(
    () => newPasswordSchema({ policy, owner: { email, name }, ruleMessage: 'errors:PASSWORD_POLICY' }),
    [policy, email, name],
  );
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const password = useWatch({ control, name: 'password' });
  const verdicts = useMemo(
    () => evaluatePassword(policy, password, { email, name }),
    [policy, password, email, name],
  );
  const meetsPolicy = verdicts.every(({ met }) => met);

  const onSubmit = handleSubmit(({ password, confirm }) => {
    accept.mutate(
      { data: { token, password, confirm } },
      {
        onSuccess: steps.follow,
        onError: (error) => applyFieldErrors(error, setError, ['password', 'confirm'], fieldMessage),
      },
    );
  });

  const expired = problemCode(accept.error) === 'LINK_EXPIRED';
  const failure = accept.isError && isFormFailure(accept.error, []);
  const busy = accept.isPending || steps.finished || steps.eula !== null;

  return (
    <>
      <Typography color="text.secondary">{t('confirmEmail.intro', { email })}</Typography>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <NewPasswordFields
          password={register('password')}
          confirm={register('confirm')}
          errors={errors}
          policy={policy}
          verdicts={verdicts}
          disabled={steps.finished || expired}
          // The seed's rule: confirming starts once the password meets the policy.
          confirmDisabled={!meetsPolicy}
        />
        {failure && (
          <Alert severity={expired ? 'warning' : 'error'} sx={{ mt: 1 }}>
            {expired ? t('confirmEmail.expired') : problemMessage(accept.error)}
          </Alert>
        )}
        {expired && (
          <Button component={RouterLink} to={LOGIN_PATH} sx={{ mt: 1 }}>
            {t('confirmEmail.goToSignIn')}
          </Button>
        )}
        {steps.finished && (
          <Alert severity="success" sx={{ mt: 1 }}>
            {t('signIn.success')}
          </Alert>
        )}
        <SubmitButton size="large" fullWidth pending={accept.isPending} disabled={busy || expired}>
          {t('confirmEmail.submit')}
        </SubmitButton>
      </form>
      <EulaDialog
        challenge={steps.eula}
        onAccepted={steps.complete}
        onDeclined={() => backToSignIn('eulaDeclined')}
        onExpired={() => backToSignIn('challengeExpired')}
      />
    </>
  );
}
