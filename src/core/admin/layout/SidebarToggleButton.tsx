import { IconButton } from '@mui/material';
import { styled } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { useSidebarState, useTranslate } from 'react-admin';
import { LazyTooltip } from './LazyTooltip';

const PREFIX = 'RaSidebarToggleButton';
const classes = { closed: `${PREFIX}-menuButtonIconClosed`, open: `${PREFIX}-menuButtonIconOpen` } as const;

/** react-admin's SidebarToggleButton (same classes and look), with the tooltip fetched after the first paint. */
export function SidebarToggleButton({ className }: { className?: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  return (
    <LazyTooltip
      className={className}
      title={translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu', { _: 'Open/Close menu' })}
      enterDelay={500}
    >
      <StyledIconButton color="inherit" onClick={() => setOpen(!open)}>
        <MenuIcon classes={{ root: open ? classes.open : classes.closed }} />
      </StyledIconButton>
    </LazyTooltip>
  );
}

const StyledIconButton = styled(IconButton, { name: PREFIX, overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  [`& .${classes.closed}`]: {
    transition: theme.transitions.create(['transform'], {
      easing: theme.transitions.easing.sharp,
      duration: theme.transitions.duration.leavingScreen,
    }),
    transform: 'rotate(0deg)',
  },
  [`& .${classes.open}`]: {
    transition: theme.transitions.create(['transform'], {
      easing: theme.transitions.easing.sharp,
      duration: theme.transitions.duration.leavingScreen,
    }),
    transform: 'rotate(180deg)',
  },
}));
