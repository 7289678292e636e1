// A report's filters on a phone: one "Filters (n)" button (n, the filters set) in their place,
// so the first numbers are above the fold, opening a sheet from the bottom that holds them.
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function FiltersSheet({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  const title = useId();
  return (
    <>
      <Button
        variant={active > 0 ? 'contained' : 'outlined'}
        startIcon={<FilterListOutlined />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        sx={{ mb: 2 }}
      >
        {t('filters.open', { active })}
      </Button>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': title, sx: { maxHeight: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 } } }}
      >
        <Box sx={{ p: 2 }}>
          <Typography id={title} component="h2" variant="h6" sx={{ mb: 2 }}>
            {t('filters.label')}
          </Typography>
          {children}
          <Button variant="contained" fullWidth onClick={() => setOpen(false)} sx={{ mt: 2 }}>
            {t('filters.apply')}
          </Button>
        </Box>
      </Drawer>
    </>
  );
}
