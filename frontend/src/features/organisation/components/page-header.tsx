// A screen's title, with its main action (Add, Edit) on the same line.
import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

interface PageHeaderProps {
  title: string;
  action?: { label: string; to: string; kind: 'add' | 'edit' };
}

export function PageHeader({ title, action }: PageHeaderProps) {
  const Icon = action?.kind === 'edit' ? EditOutlined : AddOutlined;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      {action && (
        <Button component={RouterLink} to={action.to} variant="contained" startIcon={<Icon />}>
          {action.label}
        </Button>
      )}
    </Stack>
  );
}
