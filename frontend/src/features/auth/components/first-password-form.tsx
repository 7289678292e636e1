// The first password of a new account, chosen from a mailed link (an invitation, a sign-up's
// confirmation): the link's policy with live hints, then the sign-in that follows like any
// other (the EULA for trainees, the OTP where their company asks for one).
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { LoginResponse, PasswordPolicy, ProblemCode, SetPasswordRequest } from '@/api/gen/playtrack.schemas';
import { NewPasswordFields } from '@/components/new-password-fields';
import { SubmitButton } from '@/components/submit-button';
import { problemCode } from '@/lib/api-client';
import { applyFieldErrors, isFormFailure } from '@/lib/form-errors';
import { newPasswordSchema } from '@/lib/password-form';
import { evaluatePassword } from '@/lib/password-policy';
import { LOGIN_PATH } from '@/lib/paths';
import { useProblemMessage } from '@/lib/problem-message';
import { useBackToSignIn, useSignInSteps } from '../hooks/use-sign-in-steps';
import { EulaChallengeDialog } from './eula-challenge-dialog';

interface FirstPasswordFormProps {
  token: string;
  /** Whose account it is: the password may not contain their name or address. */
  owner: { email: string; name: string };
  policy: PasswordPolicy;
  intro: string;
  submitLabel: string;
  /** The call that sets the password and answers the sign-in's next step. */
  mutation: UseMutationResult<LoginResponse, unknown, { data: SetPasswordRequest }>;
  /** The page's own words for some refusals, in place of the usual message. */
  messages: Partial<Record<ProblemCode, string>>;
  /** The refusals that mean the link is over: the form stops and offers the way to sign in. */
  closedCodes: readonly ProblemCode[];
}

export function FirstPasswordForm({
  token,
  owner: { email, name },
  policy,
  intro,
  submitLabel,
  mutation,
  messages,
  closedCodes,
}: FirstPasswordFormProps) {
  const { t } = useTranslation('auth');
  const { problemMessage, fieldMessage } = useProblemMessage();
  const backToSignIn = useBackToSignIn();
  const steps = useSignInSteps();
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
    mutation.mutate(
      { data: { token, password, confirm } },
      {
        onSuccess: steps.follow,
        onError: (error) => applyFieldErrors(error, setError, ['password', 'confirm'], fieldMessage),
      },
    );
  });

  // Only looked up: a code the server may send beyond the spec's finds nothing.
  const code = problemCode(mutation.error) as ProblemCode | undefined;
  const closed = code !== undefined && closedCodes.includes(code);
  const ownMessage = code === undefined ? undefined : messages[code];
  const failure = mutation.isError && isFormFailure(mutation.error, []);
  const busy = mutation.isPending || steps.finished || steps.eula !== null;

  return (
    <>
      <Typography color="text.secondary">{intro}</Typography>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <NewPasswordFields
          password={register('password')}
          confirm={register('confirm')}
          errors={errors}
          policy={policy}
          verdicts={verdicts}
          disabled={steps.finished || closed}
          // The seed's rule: confirming starts once the password meets the policy.
          confirmDisabled={!meetsPolicy}
        />
        {failure && (
          <Alert severity={closed ? 'warning' : 'error'} sx={{ mt: 1 }}>
            {ownMessage ?? problemMessage(mutation.error)}
          </Alert>
        )}
        {closed && (
          <Button component={RouterLink} to={LOGIN_PATH} sx={{ mt: 1 }}>
            {t('goToSignIn')}
          </Button>
        )}
        {steps.finished && (
          <Alert severity="success" sx={{ mt: 1 }}>
            {t('signIn.success')}
          </Alert>
        )}
        <SubmitButton size="large" fullWidth pending={mutation.isPending} disabled={busy || closed}>
          {submitLabel}
        </SubmitButton>
      </form>
      <EulaChallengeDialog
        challenge={steps.eula}
        onAccepted={steps.complete}
        onDeclined={() => backToSignIn('eulaDeclined')}
        onExpired={() => backToSignIn('challengeExpired')}
      />
    </>
  );
}
