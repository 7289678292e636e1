// /dashboard/crm, every role's start page: a greeting and the role's dashboard — the super
// admin's view of every company, the company admin's of their company, the trainee's of their
// own play. GET /dashboard scopes the counts on the server, the reports the score figures.
// Each role's dashboard is its own code (role-dashboards.ts), shown once the counts came (a
// session that ended or a refusal leads elsewhere without it).
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetDashboard } from '../api/account';
import { loadRoleDashboard, type RoleDashboard } from './role-dashboards';
import { useProblemMessage } from '@/lib/problem-message';
import { type Role, useSessionUser } from '@/lib/session';

const lazyDashboard = (role: Role): RoleDashboard => lazy(async () => ({ default: await loadRoleDashboard[role]() }));

const DASHBOARDS: Record<Role, RoleDashboard> = {
  SUPER_ADMIN: lazyDashboard('SUPER_ADMIN'),
  COMPANY_ADMIN: lazyDashboard('COMPANY_ADMIN'),
  USER: lazyDashboard('USER'),
};

export function DashboardPage() {
  const { t } = useTranslation(['shell', 'common']);
  const { problemMessage } = useProblemMessage();
  const user = useSessionUser();
  const dashboard = useGetDashboard();
  const RoleDashboard = user ? DASHBOARDS[user.role] : null;
  const loading = <Skeleton variant="rounded" height={160} aria-label={t('common:loading')} />;

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
        <Suspense fallback={loading}>
          <RoleDashboard dashboard={dashboard.data} />
        </Suspense>
      ) : (
        dashboard.isPending && loading
      )}
    </section>
  );
}
