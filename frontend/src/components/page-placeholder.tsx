// A titled card with one sentence: the frame of screens whose real content a later issue brings.
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { TitledCard } from './titled-card';

interface PagePlaceholderProps {
  title: string;
  body: string;
  actions?: ReactNode;
}

export function PagePlaceholder({ title, body, actions }: PagePlaceholderProps) {
  return (
    <TitledCard title={title} maxWidth={560} actions={actions}>
      <Typography color="text.secondary">{body}</Typography>
    </TitledCard>
  );
}
