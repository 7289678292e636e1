// Turns a failed call into a sentence in the reader's language: the problem `code` through the
// `errors` namespace, with the details some codes carry (when to retry, tries left).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { englishResources } from '@/locales/resources';
import { ApiError, UNEXPECTED_RESPONSE } from './api-client';
import { hasText } from './i18n';

type Errors = typeof englishResources.errors;
type CodeKey = { [K in keyof Errors]: Errors[K] extends string ? K : never }[keyof Errors];
type FieldKey = keyof Errors['field'];

const SECONDS_PER_MINUTE = 60;

function isCodeKey(code: string): code is CodeKey {
  return hasText('errors', code);
}

function isFieldKey(code: string): code is FieldKey {
  return hasText('errors', `field.${code}`);
}

export function useProblemMessage() {
  const { t } = useTranslation('errors');

  /** The message of one field error code (`REQUIRED`, `UPPERCASE`, …). */
  const fieldMessage = useCallback(
    (code: string): string => (isFieldKey(code) ? t(`field.${code}`) : t('VALIDATION_FAILED')),
    [t],
  );

  /** The message of any failure: an ApiError by its code, anything else as unreachable. */
  const problemMessage = useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiError)) return t('unreachable');
      const seconds = error.retryAfterSeconds;
      if (error.code === 'RATE_LIMITED' && seconds !== undefined && seconds > 0) {
        return seconds >= SECONDS_PER_MINUTE
          ? t('retryIn.minutes', { minutes: Math.ceil(seconds / SECONDS_PER_MINUTE) })
          : t('retryIn.seconds', { seconds: Math.ceil(seconds) });
      }
      if (error.code === 'OTP_INVALID' && error.remainingAttempts !== undefined) {
        return t('otpInvalidRemaining', { remaining: error.remainingAttempts });
      }
      // The identity provider's own words, as it said them (the seed shows its errors so).
      if (error.code === 'SSO_PROVIDER_ERROR' && error.detail !== undefined) {
        return `${t(error.code)} ${error.detail}`;
      }
      return isCodeKey(error.code) ? t(error.code) : t(UNEXPECTED_RESPONSE);
    },
    [t],
  );

  return { problemMessage, fieldMessage };
}
