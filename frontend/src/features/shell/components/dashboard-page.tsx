// /dashboard/crm, every role's start page: a greeting and the counts the caller may see
// (GET /dashboard scopes them on the server: everything, their company, or their own play).
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGetDashboard } from '../api/account';
import type { Dashboard } from '@/api/gen/playtrack.schemas';
import { useProblemMessage } from '@/lib/problem-message';
import { type Role, useSessionUser } from '@/lib/session';

/** Keys of `shell:dashboard.counts.*`, each naming the figure it shows. */
type CountLabel =
  | 'companies'
  | 'batches'
  | 'trainees'
  | 'attempts'
  | 'levelsPlayed'
  | 'myAttempts'
  | 'myLevelsPlayed';

interface CountCard {
  label: CountLabel;
  value: (dashboard: Dashboard) => number;
}

const COUNTS: Record<Role, CountCard[]> = {
  SUPER_ADMIN: [
    { label: 'companies', value: (d) => d.companies },
    { label: 'batches', value: (d) => d.batches },
    { label: 'trainees', value: (d) => d.trainees },
    { label: 'attempts', value: (d) => d.attempts },
  ],
  COMPANY_ADMIN: [
    { label: 'batches', value: (d) => d.batches },
    { label: 'trainees', value: (d) => d.trainees },
    { label: 'attempts', value: (d) => d.attempts },
    { label: 'levelsPlayed', value: (d) => d.levels_played },
  ],
  USER: [
    { label: 'myAttempts', value: (d) => d.attempts },
    { label: 'myLevelsPlayed', value: (d) => d.levels_played },
  ],
};

export function DashboardPage() {
  const { t, i18n } = useTranslation(['shell', 'common']);
  const { problemMessage } = useProblemMessage();
  const user = useSessionUser();
  const dashboard = useGetDashboard();
  const numbers = new Intl.NumberFormat(i18n.language);
  const cards = user ? COUNTS[user.role] : [];

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
      <Grid container spacing={2}>
        {cards.map((card) => (
          <Grid key={card.label} size={{ xs: 12, sm: 6, lg: 3 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography color="text.secondary" component="h2" variant="subtitle2" gutterBottom>
                  {t(`dashboard.counts.${card.label}`)}
                </Typography>
                <Typography variant="h4" component="p" aria-live="polite">
                  {dashboard.data ? (
                    numbers.format(card.value(dashboard.data))
                  ) : (
                    <Skeleton width="40%" aria-label={t('common:loading')} />
                  )}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </section>
  );
}
