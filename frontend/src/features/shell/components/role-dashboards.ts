// Each role's dashboard is its own chunk. The page loads its reader's once the counts came; a
// page load of the dashboard starts it as soon as the early read of /me names the role.
import type { ComponentType } from 'react';
import type { Dashboard } from '@/api/gen/playtrack.schemas';
import type { Role } from '@/lib/session';

export type RoleDashboard = ComponentType<{ dashboard: Dashboard }>;

export const loadRoleDashboard: Record<Role, () => Promise<RoleDashboard>> = {
  SUPER_ADMIN: async () => (await import('./dashboard-super-admin')).SuperAdminDashboard,
  COMPANY_ADMIN: async () => (await import('./dashboard-company-admin')).CompanyAdminDashboard,
  USER: async () => (await import('./dashboard-trainee')).TraineeDashboard,
};
