// /dashboard/crm, every role's start page: a greeting and the role's dashboard — the super
// admin's view of every company, the company admin's of their company, the trainee's of their
// own play. GET /dashboard scopes the counts on the server, the reports the score figures.
// Each role's dashboard comes in the page's own chunk (vite.config.ts), shown once the counts
// came (a session that ended or a refusal leads elsewhere without them).
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetDashboard } from '../api/account';
import { CompanyAdminDashboard } from './dashboard-company-admin';
import { SuperAdminDashboard } from './dashboard-super-admin';
import { TraineeDashboard } from './dashboard-trainee';
import type { Dashboard } from '@/api/gen/playtrack.schemas';
import { LoadingBlock } from '@/components/loading-block';
import { useProblemMessage } from '@/lib/problem-message';
import { type Role, useSessionUser } from '@/lib/session';

const DASHBOARDS: Record<Role, ComponentType<{ dashboard: Dashboard }>> = {
  SUPER_ADMIN: SuperAdminDashboard,
  COMPANY_ADMIN: CompanyAdminDashboard,
  USER: TraineeDashboard,
};

export function DashboardPage() {
  const { t } = useTranslation(['shell', 'common']);
  const { problemMessage } = useProblemMessage();
  const user = useSessionUser();
  const dashboard = useGetDashboard();
  const RoleDashboard = user ? DASHBOARDS[user.role] : null;

  return (
    <section>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('dashboard.title')}
      </Typography>
      {user && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('dashboard.greeting', { name: user.name, role: t(`role.${user.role}`) })}
        </Typography>
      )}
      {dashboard.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problemMessage(dashboard.error)}
        </Alert>
      )}
      {RoleDashboard && dashboard.data ? (
        <RoleDashboard dashboard={dashboard.data} />
      ) : (
        dashboard.isPending && <LoadingBlock height={160} />
      )}
    </section>
  );
}
