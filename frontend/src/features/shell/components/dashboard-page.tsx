// /dashboard/crm, the signed-in start page; its figures come with the reporting issues.
import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/page-placeholder';

export function DashboardPage() {
  const { t } = useTranslation('shell');
  return <PagePlaceholder title={t('dashboard.title')} body={t('dashboard.body')} />;
}
