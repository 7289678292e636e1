// The sidebar of each role, as the seed lists it. Screens not built yet lead to the
// "upcoming screen" page through the role's route group.
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FactoryOutlined from '@mui/icons-material/FactoryOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import LeaderboardOutlined from '@mui/icons-material/LeaderboardOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import SportsEsportsOutlined from '@mui/icons-material/SportsEsportsOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/paths';
import type { Role } from '@/lib/session';

/** Keys of `shell:nav.*`. */
export type NavLabel =
  | 'dashboard'
  | 'company'
  | 'batch'
  | 'license'
  | 'summary'
  | 'details'
  | 'licenseSummary'
  | 'licenseDetails'
  | 'industry'
  | 'country'
  | 'companyAdmin'
  | 'user'
  | 'scores'
  | 'levelData'
  | 'apiClients'
  | 'gameApps'
  | 'sso'
  | 'audit'
  | 'resetPassword';

type Icon = SvgIconComponent;

export interface NavLink {
  label: NavLabel;
  path: string;
  icon: Icon;
  /** Other screens the item stands for (the score report's other kinds, shown as tabs there). */
  also?: string[];
}

export interface NavGroup {
  label: NavLabel;
  icon: Icon;
  children: NavLink[];
}

export type NavEntry = NavLink | NavGroup;

export function isNavGroup(entry: NavEntry): entry is NavGroup {
  return 'children' in entry;
}

const dashboard: NavLink = { label: 'dashboard', path: DEFAULT_SIGNED_IN_PATH, icon: DashboardOutlined };

/** The Scores item opens the `score` view; the report's other kinds are tabs of that screen. */
function scores(prefix: 'main' | 'companyadmin' | 'user'): NavLink {
  const path = (screen: string) => `/${prefix}/${screen}`;
  return {
    label: 'scores',
    path: path('score'),
    icon: LeaderboardOutlined,
    also: ['userdetails', 'viewlevel', 'chapterwise'].map(path),
  };
}

export const NAVIGATION: Record<Role, NavEntry[]> = {
  SUPER_ADMIN: [
    dashboard,
    { label: 'company', path: '/main/company', icon: BusinessOutlined },
    { label: 'batch', path: '/main/batch', icon: GroupsOutlined },
    {
      label: 'license',
      icon: CardMembershipOutlined,
      children: [
        { label: 'summary', path: '/main/licencesummary', icon: SummarizeOutlined },
        { label: 'details', path: '/main/licencedetails', icon: ListAltOutlined },
      ],
    },
    { label: 'industry', path: '/main/industry', icon: FactoryOutlined },
    { label: 'country', path: '/main/country', icon: PublicOutlined },
    { label: 'companyAdmin', path: '/main/companyadmin', icon: AdminPanelSettingsOutlined },
    { label: 'user', path: '/main/user', icon: PersonOutlined },
    scores('main'),
    { label: 'levelData', path: '/main/levelData', icon: LayersOutlined },
    { label: 'apiClients', path: '/main/apiClients', icon: VpnKeyOutlined },
    { label: 'gameApps', path: '/main/gameApps', icon: SportsEsportsOutlined },
    { label: 'sso', path: '/main/ssoConnections', icon: LoginOutlined },
    { label: 'audit', path: '/main/audit', icon: HistoryOutlined },
    { label: 'resetPassword', path: '/main/admin/resetpassword', icon: LockResetOutlined },
  ],
  COMPANY_ADMIN: [
    dashboard,
    { label: 'company', path: '/companyadmin/company', icon: BusinessOutlined },
    { label: 'batch', path: '/companyadmin/batch', icon: GroupsOutlined },
    { label: 'licenseSummary', path: '/companyadmin/licencesummary', icon: SummarizeOutlined },
    { label: 'licenseDetails', path: '/companyadmin/licencedetails', icon: ListAltOutlined },
    { label: 'companyAdmin', path: '/companyadmin/companyadmin', icon: AdminPanelSettingsOutlined },
    { label: 'user', path: '/companyadmin/user', icon: PersonOutlined },
    scores('companyadmin'),
    { label: 'sso', path: '/companyadmin/ssoConnection', icon: LoginOutlined },
    { label: 'audit', path: '/companyadmin/audit', icon: HistoryOutlined },
    { label: 'resetPassword', path: '/companyadmin/admin/resetpassword', icon: LockResetOutlined },
  ],
  USER: [
    dashboard,
    scores('user'),
    { label: 'resetPassword', path: '/user/resetpassword', icon: LockResetOutlined },
  ],
};

/** Whether `pathname` is the item's screen or one below it (`/main/company/add`). */
export function isActivePath(itemPath: string, pathname: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

/** Whether `pathname` is a screen the item stands for. */
export function isLinkActive(link: NavLink, pathname: string): boolean {
  return [link.path, ...(link.also ?? [])].some((path) => isActivePath(path, pathname));
}

/** The sidebar labels leading to a path (group first, e.g. License / Summary), for naming the
 * screen on its placeholder; empty when no item leads there. */
export function navTrail(role: Role, pathname: string): NavLabel[] {
  for (const entry of NAVIGATION[role]) {
    if (!isNavGroup(entry)) {
      if (isLinkActive(entry, pathname)) return [entry.label];
      continue;
    }
    const child = entry.children.find((link) => isLinkActive(link, pathname));
    if (child) return [entry.label, child.label];
  }
  return [];
}
