// Invitation landing (/invitation/confirm-email?value=…&name=…): greets the invitee by name;
// setting the first password comes with the invitation issue.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagePlaceholder } from '@/components/page-placeholder';

export function ConfirmEmailPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const name = params.get('name')?.trim();
  return (
    <PagePlaceholder
      title={name ? t('confirmEmail.titleWithName', { name }) : t('confirmEmail.title')}
      body={t('common:comingSoon')}
    />
  );
}
