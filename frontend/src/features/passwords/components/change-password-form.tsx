// A signed-in user's own password change: the current password, then a new one meeting the
// seed's rule (live hints, including "not your name or e-mail"). The server ends the user's
// other sessions; this one goes on.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useChangePassword } from '../api/passwords';
import { useNotify } from '@/components/notifications';
import { NewPasswordFields } from '@/components/new-password-fields';
import { PasswordField } from '@/components/password-field';
import { SubmitButton } from '@/components/submit-button';
import { problemCode } from '@/lib/api-client';
import { applyFieldErrors, isFormFailure } from '@/lib/form-errors';
import { newPasswordFields, usePasswordFormMessage, withConfirmation } from '@/lib/password-form';
import { evaluatePassword, newPasswordPolicy, type PasswordOwner } from '@/lib/password-policy';
import { useProblemMessage } from '@/lib/problem-message';
import { useSessionUser } from '@/lib/session';

const FIELDS = ['current_password', 'password', 'confirm'] as const;

export function ChangePasswordForm() {
  const { t } = useTranslation('passwords');
  const { problemMessage, fieldMessage } = useProblemMessage();
  const messageOf = usePasswordFormMessage();
  const notify = useNotify();
  const user = useSessionUser();
  const change = useChangePassword();
  const userEmail = user?.email ?? '';
  const userName = user?.name ?? '';
  const owner = useMemo<PasswordOwner>(() => ({ email: userEmail, name: userName }), [userEmail, userName]);
  const schema = useMemo(
    () =>
      withConfirmation(
        z.object({
          current_password: z.string().min(1, { error: 'passwords:form.currentRequired' }),
          ...newPasswordFields({ policy: newPasswordPolicy, owner, ruleMessage: 'passwords:newPasswordRule' }),
        }),
      ),
    [owner],
  );
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { current_password: '', password: '', confirm: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const verdicts = useMemo(() => evaluatePassword(newPasswordPolicy, password, owner), [password, owner]);

  const onSubmit = handleSubmit((data) => {
    change.mutate(
      { data },
      {
        onSuccess: () => {
          reset();
          notify({ severity: 'success', message: t('change.success') });
        },
        onError: (error) => {
          if (problemCode(error) === 'CURRENT_PASSWORD_WRONG') {
            setError('current_password', { type: 'server', message: problemMessage(error) }, { shouldFocus: true });
            return;
          }
          applyFieldErrors(error, setError, FIELDS, fieldMessage);
        },
      },
    );
  });

  // Wrong current password and field errors show on their fields; the rest above the button.
  const failure = change.isError && isFormFailure(change.error, ['CURRENT_PASSWORD_WRONG']);

  return (
    <>
      <Typography color="text.secondary">{t('change.intro')}</Typography>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <PasswordField
          registration={register('current_password')}
          label={t('form.currentPassword')}
          autoComplete="current-password"
          error={messageOf(errors.current_password?.message)}
        />
        <NewPasswordFields
          password={register('password')}
          confirm={register('confirm')}
          errors={errors}
          policy={newPasswordPolicy}
          verdicts={verdicts}
          rulesTip={t('newPasswordRule')}
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {problemMessage(change.error)}
          </Alert>
        )}
        <SubmitButton size="large" pending={change.isPending}>
          {t('change.submit')}
        </SubmitButton>
      </form>
    </>
  );
}
