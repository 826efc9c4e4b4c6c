import { Button, IconButton, useMediaQuery, type Theme } from '@mui/material';
import { styled } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { LazyTooltip } from './LazyTooltip';

/** Moves the keyboard to the page's content, past the menu (react-admin's skipToContent). */
function skipToContent() {
  const element = document.getElementById('main-content');
  if (!element) return;
  element.setAttribute('tabIndex', '-1');
  element.focus();
  element.blur();
  element.removeAttribute('tabIndex');
}

/**
 * react-admin's SkipNavigationButton (its Button: a labelled button, an
 * icon button with the label as tooltip on phones), with the tooltip
 * fetched after the first paint.
 */
export function SkipNavigationButton() {
  const translate = useTranslate();
  const label = translate('ra.navigation.skip_nav', { _: 'ra.navigation.skip_nav' });
  const isXSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return isXSmall ? (
    <LazyTooltip title={label}>
      <SkipIconButton className="skip-nav-button" aria-label={label} color="primary" size="large" onClick={skipToContent} />
    </LazyTooltip>
  ) : (
    <SkipButton className="skip-nav-button" aria-label={label} color="primary" size="small" variant="contained" onClick={skipToContent}>
      {label}
    </SkipButton>
  );
}

const skipStyles = ({ theme }: { theme: Theme }) => ({
  position: 'fixed' as const,
  padding: theme.spacing(1),
  backgroundColor: (theme.vars || theme).palette.background.default,
  color: (theme.vars || theme).palette.primary.contrastText,
  transition: theme.transitions.create(['top', 'opacity'], {
    easing: theme.transitions.easing.easeIn,
    duration: theme.transitions.duration.leavingScreen,
  }),
  left: theme.spacing(2),
  top: theme.spacing(-10),
  zIndex: 5000,
  '&:hover': { opacity: 0.8, backgroundColor: (theme.vars || theme).palette.background.default },
  '&:focus': {
    top: theme.spacing(2),
    transition: theme.transitions.create(['top', 'opacity'], {
      easing: theme.transitions.easing.easeOut,
      duration: theme.transitions.duration.enteringScreen,
    }),
  },
});
// react-admin's Button keeps small buttons' icons aligned with this line height.
const SkipButton = styled(Button, { name: 'RaSkipNavigationButton', overridesResolver: (_p, s) => s.root })(skipStyles, {
  '&.MuiButton-sizeSmall': { lineHeight: 1.5 },
});
const SkipIconButton = styled(IconButton, { name: 'RaSkipNavigationButton', overridesResolver: (_p, s) => s.root })(skipStyles);
