// The appearance settings: the header's palette button opens a side panel choosing the theme
// type, colour theme, navigation style and layout. Each choice applies at once.
import CloseIcon from '@mui/icons-material/Close';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SIDEBAR_BREAKPOINT_PX } from '@/lib/constants';
import { useAppearance } from '@/theme/appearance';
import { COLOUR_THEME_SHADES } from '@/theme/colour-themes';
import { COLOUR_THEMES, LAYOUT_TYPES, NAV_STYLES, THEME_TYPES } from '@/theme/theme-settings';

const PANEL_WIDTH = 320;

export function AppearanceButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Tooltip title={t('appearance.open')}>
      <IconButton color="inherit" aria-haspopup="dialog" aria-expanded={open} onClick={onOpen}>
        <PaletteOutlined />
      </IconButton>
    </Tooltip>
  );
}

interface ChoiceProps<T extends string> {
  legend: string;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => ReactNode;
  onChange: (option: T) => void;
  hint?: string;
}

/** One setting: a group of radio buttons named by its legend. */
function Choice<T extends string>({ legend, value, options, optionLabel, onChange, hint }: ChoiceProps<T>) {
  const legendId = useId();
  return (
    <FormControl>
      <FormLabel id={legendId}>{legend}</FormLabel>
      <RadioGroup
        aria-labelledby={legendId}
        value={value}
        onChange={(_event, chosen) => {
          const option = options.find((allowed) => allowed === chosen);
          if (option) onChange(option);
        }}
      >
        {options.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={optionLabel(option)} />
        ))}
      </RadioGroup>
      {hint && <FormHelperText sx={{ mx: 0 }}>{hint}</FormHelperText>}
    </FormControl>
  );
}

function Swatch({ colour }: { colour: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: colour, border: 1, borderColor: 'divider', flexShrink: 0 }}
    />
  );
}

export function AppearancePanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const { settings, change } = useAppearance();
  const { mode } = useTheme().palette;
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: PANEL_WIDTH, maxWidth: '100%' } } }}
    >
      <Toolbar sx={{ justifyContent: 'space-between' }}>
        <Typography id={titleId} component="h2" variant="h6">
          {t('appearance.title')}
        </Typography>
        <IconButton edge="end" aria-label={t('common:close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Toolbar>
      <Stack spacing={3} sx={{ px: 3, pb: 3 }}>
        <Choice
          legend={t('appearance.themeType.label')}
          value={settings.themeType}
          options={THEME_TYPES}
          optionLabel={(themeType) => t(`appearance.themeType.${themeType}`)}
          onChange={(themeType) => change({ themeType })}
        />
        <Choice
          legend={t('appearance.colourTheme.label')}
          value={settings.colourTheme}
          options={COLOUR_THEMES}
          optionLabel={(colourTheme) => (
            <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
              <Swatch colour={COLOUR_THEME_SHADES[colourTheme][mode].primary} />
              <span>{t(`appearance.colourTheme.${colourTheme}`)}</span>
            </Stack>
          )}
          onChange={(colourTheme) => change({ colourTheme })}
        />
        <Choice
          legend={t('appearance.navStyle.label')}
          value={settings.navStyle}
          options={NAV_STYLES}
          optionLabel={(navStyle) => t(`appearance.navStyle.${navStyle}`)}
          onChange={(navStyle) => change({ navStyle })}
          hint={t('appearance.navStyle.narrow', { width: SIDEBAR_BREAKPOINT_PX })}
        />
        <Choice
          legend={t('appearance.layoutType.label')}
          value={settings.layoutType}
          options={LAYOUT_TYPES}
          optionLabel={(layoutType) => t(`appearance.layoutType.${layoutType}`)}
          onChange={(layoutType) => change({ layoutType })}
        />
      </Stack>
    </Drawer>
  );
}
