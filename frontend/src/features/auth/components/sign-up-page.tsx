// /signup?key=…: a batch's sign-up link. Whoever has it gives their name and work e-mail, and
// the server mails a link that confirms the address (/signup/confirm). Its answer is the same
// whether or not the address has an account, so the page cannot be used to find one.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { useGetSignUpLink, useSignUp } from '../api/sign-up';
import type { SignUpLink } from '@/api/gen/playtrack.schemas';
import { SubmitButton } from '@/components/submit-button';
import { emailField } from '@/lib/email-field';
import { applyFieldErrors, isFormFailure } from '@/lib/form-errors';
import { useProblemMessage } from '@/lib/problem-message';
import { normaliseEmail } from '../api/sign-in';
import { LinkCard } from './link-card';
import { useFormats } from '@/lib/formats';

/** The server's longest name. */
const NAME_MAX = 120;

// Messages are `auth` keys with the seed's wording, translated where they are shown.
const MESSAGES = ['signUp.nameRequired', 'signUp.emailRequired', 'signUp.emailInvalid'] as const;

const schema = z.object({
  name: z.string().trim().min(1, { error: 'signUp.nameRequired' }),
  email: emailField('signUp.emailRequired', 'signUp.emailInvalid'),
});

const isMessageKey = (message: string): message is (typeof MESSAGES)[number] =>
  (MESSAGES as readonly string[]).includes(message);

export function SignUpPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const [params] = useSearchParams();
  const key = params.get('key')?.trim() ?? '';
  const link = useGetSignUpLink({ key }, { query: { enabled: key !== '', retry: false } });

  return (
    <LinkCard
      title={link.data ? t('signUp.join', { batch: link.data.batch, company: link.data.company }) : t('signUp.title')}
      token={key}
      query={link}
      missingMessage={t('signUp.missingKey')}
      loadingMessage={t('signUp.loading')}
      closedCode="SIGN_UP_LINK_CLOSED"
      closedMessage={t('errors:SIGN_UP_LINK_CLOSED')}
    >
      {(joining) => <SignUpForm signUpKey={key} joining={joining} />}
    </LinkCard>
  );
}

function SignUpForm({ signUpKey, joining }: { signUpKey: string; joining: SignUpLink }) {
  const { t } = useTranslation('auth');
  const { either } = useFormats();
  const { problemMessage, fieldMessage } = useProblemMessage();
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { name: '', email: '' } });
  const domains = either(joining.domains);

  // Client messages are keys; the server's field errors arrive already translated.
  const messageOf = (message: string | undefined) =>
    message === undefined ? undefined : isMessageKey(message) ? t(message) : message;

  const onSubmit = handleSubmit(({ name, email }) => {
    signUp.mutate(
      { data: { key: signUpKey, name, email: normaliseEmail(email) } },
      { onError: (error) => applyFieldErrors(error, setError, ['name', 'email'], fieldMessage) },
    );
  });

  if (signUp.isSuccess) {
    return <Alert severity="success">{t('signUp.sent', { email: signUp.variables.data.email })}</Alert>;
  }

  // Field errors show on the field; anything else (when to try again, a link just closed) above
  // the button.
  const failure = signUp.isError && isFormFailure(signUp.error, []);

  return (
    <>
      <Typography color="text.secondary">{t('signUp.intro')}</Typography>
      {joining.domains.length > 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('signUp.domains', { domains })}
        </Typography>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          {...register('name')}
          label={t('signUp.name')}
          autoComplete="name"
          autoFocus
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          error={errors.name !== undefined}
          helperText={messageOf(errors.name?.message)}
        />
        <TextField
          {...register('email')}
          type="email"
          label={t('signUp.email')}
          autoComplete="email"
          error={errors.email !== undefined}
          helperText={messageOf(errors.email?.message)}
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {problemMessage(signUp.error)}
          </Alert>
        )}
        <SubmitButton size="large" fullWidth pending={signUp.isPending}>
          {t('signUp.submit')}
        </SubmitButton>
      </form>
    </>
  );
}
