// The block every "choose a password" form shares: the new password with its live rule hints,
// then its confirmation, both capped at the policy's length and stripped of spaces as typed.
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePasswordFormMessage } from '@/lib/password-form';
import type { PasswordPolicy, PasswordRule, Verdict } from '@/lib/password-policy';
import { PasswordField } from './password-field';
import { PasswordRuleHints } from './password-rule-hints';

interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  /** The form's errors of the two fields: `passwords:`/`errors:` keys or the server's text. */
  errors: { password?: { message?: string }; confirm?: { message?: string } };
  policy: PasswordPolicy;
  verdicts: readonly Verdict[];
  /** The rules in one sentence, as a tip on the password field. */
  rulesTip?: string;
  /** Rules not to show, such as NO_PERSONAL_INFO when whose password it is is not known. */
  hiddenRules?: readonly PasswordRule[];
  disabled?: boolean;
  /** The confirmation alone, e.g. until the password meets the policy. */
  confirmDisabled?: boolean;
}

export function NewPasswordFields({
  password,
  confirm,
  errors,
  policy,
  verdicts,
  rulesTip,
  hiddenRules,
  disabled,
  confirmDisabled,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation('passwords');
  const hintsId = useId();
  const messageOf = usePasswordFormMessage();
  return (
    <>
      <PasswordField
        registration={password}
        label={t('form.newPassword')}
        autoComplete="new-password"
        error={messageOf(errors.password?.message)}
        disabled={disabled}
        maxLength={policy.maximum_length}
        stripWhitespace
        rulesTip={rulesTip}
        describedBy={hintsId}
      />
      <PasswordRuleHints id={hintsId} policy={policy} verdicts={verdicts} hidden={hiddenRules} />
      <PasswordField
        registration={confirm}
        label={t('form.confirmPassword')}
        autoComplete="new-password"
        error={messageOf(errors.confirm?.message)}
        disabled={disabled === true || confirmDisabled === true}
        maxLength={policy.maximum_length}
        stripWhitespace
      />
    </>
  );
}
