import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';

/** A titled dashboard panel; `minHeight` holds its place while it loads, so nothing below moves. */
export function DashCard({
  title,
  minHeight,
  children,
  testId,
}: {
  title: string;
  minHeight: number;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="outlined" sx={{ minHeight }} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5, fontSize: '1.05rem' }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
