// A card headed by its title: the frame of forms and placeholder screens (the screen's
// title, an h1) and of the sections of a screen with several cards (an h2 each).
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

interface TitledCardProps {
  title: string;
  /** Centred at most this wide; without it, the card fills its place. */
  maxWidth?: number;
  children: ReactNode;
  actions?: ReactNode;
  /** `h2` for one section of a screen whose own title is above the cards. */
  heading?: 'h1' | 'h2';
}

export function TitledCard({ title, maxWidth, children, actions, heading = 'h1' }: TitledCardProps) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={maxWidth === undefined ? undefined : { maxWidth, mx: 'auto' }}>
      <CardContent>
        <Typography id={titleId} component={heading} variant={heading === 'h1' ? 'h5' : 'h6'} gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
      {actions && <CardActions>{actions}</CardActions>}
    </Card>
  );
}
