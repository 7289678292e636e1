// A tab bar that scrolls sideways where its tabs do not fit, with its scroll buttons, and whose
// selected tab is always in view. On a phone the buttons are always there (disabled at either
// end): MUI's Tabs scrolls the selected tab into view as it mounts, and buttons that appeared
// only after that ('auto') narrowed the bar under it, so /companyadmin/chapterwise showed the
// cut-off end of another tab ("cores"), not its own.
import Tabs, { type TabsProps } from '@mui/material/Tabs';
import { usePhone } from '@/lib/use-phone';

export function ScrollingTabs(props: Omit<TabsProps, 'variant' | 'scrollButtons' | 'allowScrollButtonsMobile'>) {
  const phone = usePhone();
  return <Tabs variant="scrollable" scrollButtons={phone ? true : 'auto'} allowScrollButtonsMobile {...props} />;
}
