import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Theme } from '@mui/material';
import type {} from '@mui/x-date-pickers/themeAugmentation';
import type { PickerTextFieldOwnerState } from '@mui/x-date-pickers/models';
import { LOADING_LABEL_ID } from './LoadingLabel';

/** Every spinner and progress bar is named 'Loading' (LoadingLabel.tsx). */
const namedProgress = {
  MuiCircularProgress: { defaultProps: { 'aria-labelledby': LOADING_LABEL_ID } },
  MuiLinearProgress: { defaultProps: { 'aria-labelledby': LOADING_LABEL_ID } },
};

/**
 * Start-up work on a phone:
 * - media queries answer on the first render (the app is never rendered on a
 *   server): without it every useMediaQuery starts false, so react-admin's
 *   sidebar and the lists render their desktop form, then again their phone one;
 * - each text input would add its own <style> with the two auto-fill
 *   keyframes (a style recalculation per input); the pages' HTML defines them
 *   once (index.html, kiosk-login.html).
 */
const lessStartupWork = {
  MuiUseMediaQuery: { defaultProps: { noSsr: true } },
  MuiInputBase: { defaultProps: { disableInjectingGlobalStyles: true } },
};

/**
 * A keyboard focus everyone can see: MUI marks it only with a faint ripple
 * on text and icon buttons. A ring inside the control in its own text colour
 * contrasts with whatever it sits on: a blue text button on the page, a white
 * icon on the app bar, dark text on a light contained button in the dark
 * theme.
 */
const focusRing = {
  MuiButtonBase: {
    styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: -2 } } },
  },
};

/**
 * A day field's empty day/month/year parts (src/core/admin/dates/DayPicker.tsx)
 * are text, not an input's placeholder: MUI fades them to 42 %, 2.8:1 on a
 * filled field (axe: color-contrast, serious). They take the secondary text
 * colour instead, still lighter than a typed day.
 */
const readableDayPlaceholder = {
  MuiPickersInputBase: {
    styleOverrides: {
      sectionsContainer: ({ ownerState: o, theme }: { ownerState: PickerTextFieldOwnerState; theme: Theme }) =>
        // Hidden as MUI hides it under a label sitting in the field.
        o.isFieldValueEmpty && !o.isFieldFocused && (o.isLabelShrunk || !o.inputHasLabel)
          ? { opacity: 1, color: theme.palette.text.secondary }
          : {},
    },
  },
};

/**
 * The initials shown for a user or record without a picture (UserAvatar, in
 * every list, the app bar and the profile): text, so at least 4.5:1 against
 * the circle. MUI's default circle is grey 400 under the page's background
 * colour in the light theme (1.8:1) and grey 600 under it in the dark one
 * (2.8:1); these are white on grey 700 (6.2:1) and near-black on grey 400
 * (over 10:1). Set here, once for every avatar, not per screen.
 */
const readableAvatar = (backgroundColor: string, color: string) => ({
  MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor, color } } },
});

/**
 * The back office's two themes: react-admin's defaults with colours that
 * reach WCAG AA. The light app bar's blue (#2196f3 under white text, 3.12:1)
 * becomes #1565c0 (5.75:1), and so does the primary blue of outlined and text
 * buttons (#1976d2 on the page's #fafafb, 4.4:1). Status colours are text
 * too, as the label of an outlined chip on white and the white label of a
 * filled one (an invite's status, an experience under review): MUI's light
 * info #0288d1 (3.9:1) and warning #ed6c02 (3.1:1) become #01579b (7.4:1)
 * and #b54708 (5.4:1), still above 4.5:1 on a hovered row. The error red
 * labels a field with a problem, on a filled field's grey (#f0f0f0, darker
 * when hovered): MUI's #d32f2f is 4.37:1 there; #c62828 is 4.93:1 (4.59:1 on
 * the hovered #e8e8e8).
 */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' },
    secondary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' },
    info: { light: '#0288d1', main: '#01579b', dark: '#013e6e', contrastText: '#fff' },
    warning: { light: '#ed6c02', main: '#b54708', dark: '#8a3505', contrastText: '#fff' },
    error: { light: '#ef5350', main: '#c62828', dark: '#8e0000', contrastText: '#fff' },
  },
  components: {
    ...defaultLightTheme.components,
    ...namedProgress,
    ...focusRing,
    ...lessStartupWork,
    ...readableDayPlaceholder,
    ...readableAvatar('#616161', '#fff'),
    // Form action bars: grey[300] left the blue 'Cancel' at 4.35:1.
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#f5f5f5' } } },
  },
};

/** MUI's dark status colours already reach AA on the dark surfaces (the light ones under black text). */
export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  components: {
    ...defaultDarkTheme.components,
    ...namedProgress,
    ...focusRing,
    ...lessStartupWork,
    ...readableDayPlaceholder,
    ...readableAvatar('#bdbdbd', '#212121'),
  },
};
