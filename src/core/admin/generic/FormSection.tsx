import type { ReactNode } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

/**
 * A folded section under a record's edit form (its versions, its activity):
 * the title is the accordion's own heading button, the body is rendered only
 * while open so nothing loads before someone asks. `id` names the panel, the
 * title and the test id.
 */
export function FormSection(props: {
  id: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const { id, title, open, onOpenChange, children } = props;
  return (
    <Accordion
      disableGutters
      square
      elevation={0}
      expanded={open}
      onChange={(_, v) => onOpenChange(v)}
      sx={{ borderTop: 1, borderColor: 'divider' }}
      data-testid={id}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-panel`} id={`${id}-title`}>
        <Typography component="span" variant="subtitle1">
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-panel`}>{open && children}</AccordionDetails>
    </Accordion>
  );
}
