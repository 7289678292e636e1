// Field messages come from two places: the client's checks carry an `organisation:validation.*`
// key (translated where shown), the server's arrive already translated by `applyFieldErrors`.
import { useTranslation } from 'react-i18next';
import { hasText } from '@/lib/i18n';
import type { englishResources } from '@/locales/resources';

type ValidationKey = keyof typeof englishResources.organisation.validation;
const PREFIX = 'validation.';

function validationKey(message: string): ValidationKey | undefined {
  const key = message.slice(PREFIX.length);
  return message.startsWith(PREFIX) && hasText('organisation', message)
    ? (key as ValidationKey)
    : undefined;
}

export function useFieldErrorText() {
  const { t } = useTranslation('organisation');
  return (message: string | undefined): string | undefined => {
    if (message === undefined) return undefined;
    const key = validationKey(message);
    return key === undefined ? message : t(`validation.${key}`);
  };
}
