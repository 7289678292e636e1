// The fields every "choose a password" form shares (new password and its confirmation) as a
// zod schema for react-hook-form, checked with the same rules as the live hints. Messages are
// i18n keys, translated where they are shown (`usePasswordFormMessage`).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type PasswordOwner, type PasswordPolicy, type PasswordRule, unmetRules } from './password-policy';

export const PASSWORD_FORM_MESSAGES = [
  'passwords:form.currentRequired',
  'passwords:form.passwordRequired',
  'passwords:form.confirmRequired',
  'passwords:form.confirmMismatch',
  'passwords:newPasswordRule',
  'errors:PASSWORD_POLICY',
  'errors:field.NOT_COMMON',
  'errors:field.NO_PERSONAL_INFO',
] as const;

export type PasswordFormMessage = (typeof PASSWORD_FORM_MESSAGES)[number];

export interface NewPasswordRules {
  policy: PasswordPolicy;
  /** Whose password it is, when known, for the NO_PERSONAL_INFO rule. */
  owner?: PasswordOwner;
  /** The message when a rule of the policy itself (length, classes, spaces) is unmet. */
  ruleMessage: PasswordFormMessage;
}

/** The message for the first kind of problem, policy rules before the two list checks. */
function messageFor(unmet: readonly PasswordRule[], ruleMessage: PasswordFormMessage): PasswordFormMessage {
  if (unmet.some((rule) => rule !== 'NOT_COMMON' && rule !== 'NO_PERSONAL_INFO')) return ruleMessage;
  return unmet.includes('NOT_COMMON') ? 'errors:field.NOT_COMMON' : 'errors:field.NO_PERSONAL_INFO';
}

/** `password` (required, meets the policy) and `confirm` (required). */
export function newPasswordFields({ policy, owner, ruleMessage }: NewPasswordRules) {
  return {
    password: z.string().superRefine((password, context) => {
      if (password === '') {
        context.addIssue({ code: 'custom', message: 'passwords:form.passwordRequired' });
        return;
      }
      const unmet = unmetRules(policy, password, owner);
      if (unmet.length > 0) context.addIssue({ code: 'custom', message: messageFor(unmet, ruleMessage) });
    }),
    confirm: z.string().min(1, { error: 'passwords:form.confirmRequired' }),
  };
}

/** Adds the seed's rule that the confirmation repeats the password (reported on `confirm`). */
export function withConfirmation<T extends z.ZodType<{ password: string; confirm: string }>>(schema: T): T {
  return schema.refine(({ password, confirm }) => confirm === '' || password === confirm, {
    error: 'passwords:form.confirmMismatch',
    path: ['confirm'],
  });
}

export function newPasswordSchema(rules: NewPasswordRules) {
  return withConfirmation(z.object(newPasswordFields(rules)));
}

function isFormMessage(message: string): message is PasswordFormMessage {
  return (PASSWORD_FORM_MESSAGES as readonly string[]).includes(message);
}

/** Translates a form message: a client key, or a server message that arrives translated. */
export function usePasswordFormMessage() {
  const { t } = useTranslation(['passwords', 'errors']);
  return useCallback(
    (message: string | undefined) =>
      message === undefined ? undefined : isFormMessage(message) ? t(message) : message,
    [t],
  );
}
