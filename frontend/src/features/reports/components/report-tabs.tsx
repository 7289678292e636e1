// Between the report's screens: its kinds (scores, a trainee's details, per level, per chapter),
// the views of the kind shown, and percent or points where the seed has both. Each is a link to
// the other screen's path with the same filters.
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ScrollingTabs } from '@/components/scrolling-tabs';
import {
  FAMILIES,
  type Measure,
  otherMeasure,
  type Prefix,
  type ReportScreen,
  screenOf,
  screenPath,
  screensOf,
  type Tab as ViewTab,
} from '../report-screens';

export function ReportTabs({ prefix, screen }: { prefix: Prefix; screen: ReportScreen }) {
  const { t } = useTranslation('reports');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const screens = screensOf(prefix);
  const families = FAMILIES.filter((family) => screens.some((other) => other.family === family));
  const tabs = [...new Set(screens.filter((other) => other.family === screen.family).map((other) => other.tab))];
  const other = otherMeasure(prefix, screen);
  const path = (target: ReportScreen | undefined) => (target ? screenPath(prefix, target, search) : '');

  return (
    <>
      <ScrollingTabs value={screen.family} aria-label={t('tabs.families')} sx={{ mb: 1 }}>
        {families.map((family) => (
          <Tab
            key={family}
            value={family}
            label={t(`families.${family}`)}
            component={RouterLink}
            to={path(screens.find((candidate) => candidate.family === family))}
          />
        ))}
      </ScrollingTabs>
      {(tabs.length > 1 || other) && (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {tabs.length > 1 && (
          <ScrollingTabs value={screen.tab} aria-label={t('tabs.views')} sx={{ flexGrow: 1, minWidth: 0 }}>
            {tabs.map((tab: ViewTab) => (
              <Tab
                key={tab}
                value={tab}
                label={t(`tabs.${tab}`)}
                component={RouterLink}
                to={path(screenOf(prefix, screen.family, tab, screen.measure))}
              />
            ))}
          </ScrollingTabs>
        )}
        {other && (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={screen.measure}
            aria-label={t('measure.label')}
            sx={{ ms: 'auto', mb: 1 }}
            onChange={(_event, measure: Measure | null) => {
              if (measure !== null && measure !== screen.measure) void navigate(path(other));
            }}
          >
            {(['percent', 'absolute'] as const).map((measure) => (
              <ToggleButton key={measure} value={measure} sx={{ textTransform: 'none' }}>
                {t(`measure.${measure}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      </Box>
      )}
    </>
  );
}
