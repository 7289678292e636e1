// A titled card with one sentence: the frame of screens whose real content a later issue brings.
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PagePlaceholderProps {
  title: string;
  body: string;
  actions?: ReactNode;
}

export function PagePlaceholder({ title, body, actions }: PagePlaceholderProps) {
  return (
    <Card component="section" sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">{body}</Typography>
      </CardContent>
      {actions && <CardActions>{actions}</CardActions>}
    </Card>
  );
}
