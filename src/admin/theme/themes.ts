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
 * Less start-up work, which a phone feels most:
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
 * A keyboard focus everyone can see: MUI marks it only
 * with a faint ripple on text and icon buttons. A ring inside the control in
 * its own text colour contrasts with whatever it sits on: a blue text button
 * on the page, a white icon on the app bar, dark text on a light contained
 * button in the dark theme.
 */
const focusRing = {
  MuiButtonBase: {
    styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: -2 } } },
  },
};

/**
 * A day field's empty day/month/year parts (src/admin/dates/DayPicker.tsx)
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
 * The back office's two themes: react-admin's defaults
 * with colours that reach WCAG AA. The light app bar's blue (#2196f3 under
 * white text, 3.12:1) becomes #1565c0 (5.75:1), and so does the primary
 * blue of outlined and text buttons (#1976d2 on the page's #fafafb, 4.4:1).
 */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' },
    secondary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' },
  },
  components: {
    ...defaultLightTheme.components,
    ...namedProgress,
    ...focusRing,
    ...lessStartupWork,
    ...readableDayPlaceholder,
    // Form action bars: grey[300] left the blue 'Cancel' at 4.35:1.
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#f5f5f5' } } },
  },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  components: { ...defaultDarkTheme.components, ...namedProgress, ...focusRing, ...lessStartupWork, ...readableDayPlaceholder },
};
