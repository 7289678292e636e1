// A centred card headed by the screen's title: the frame of forms and placeholder screens.
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface TitledCardProps {
  title: string;
  maxWidth: number;
  children: ReactNode;
  actions?: ReactNode;
}

export function TitledCard({ title, maxWidth, children, actions }: TitledCardProps) {
  return (
    <Card component="section" sx={{ maxWidth, mx: 'auto' }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
      {actions && <CardActions>{actions}</CardActions>}
    </Card>
  );
}
