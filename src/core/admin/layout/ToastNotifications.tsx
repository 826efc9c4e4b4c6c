import { useEffect, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { ToastContainer, toast, type CloseButtonProps, type ToastContentProps, type TypeOptions } from 'react-toastify';
import { useNotificationContext, useTranslate } from 'react-admin';
import { takeFlash, type Flash } from '../../web/flash';

/** Toasts stay 5 s, top-right, and can be dragged away. */
export const TOAST_MS = 5000;

/** At most this many at once: the rest wait their turn instead of piling down over a form's buttons. */
export const TOAST_LIMIT = 3;

/**
 * Toasts start below the app bar, never over its buttons (language, theme,
 * bell, account): react-admin's bar is a dense toolbar (48 px) on wider
 * screens, with the toasts 8 px under it, and a regular one (56 px) on
 * phones, where react-toastify draws them the screen's full width.
 */
const belowAppBar = {
  '& .Toastify__toast-container--top-right': { top: { xs: '56px', sm: 'calc(48px + 8px)' } },
} as const;

/**
 * react-toastify's own close button (as in 11.2.0: its classes, icon and
 * click), named in the interface's language: the container gives its
 * built-in one no name, so it is always 'close', in English, and the
 * library exports it as a type only. Named for what it closes, so that a
 * screen reader's list of buttons tells it from a dialog's Close.
 */
function CloseButton({ closeToast, theme, ariaLabel }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={ariaLabel}
      onClick={(e) => {
        e.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/**
 * react-toastify's countdown bar (as in 11.2.0: its wrapper, classes and
 * animation; the toast closes when the animation ends, and a hover or a
 * window losing the focus pauses it), named in the interface's language: the
 * library's own is always 'notification timer', in English.
 */
function CountdownBar({ closeToast, isPaused, toastProps }: ToastContentProps) {
  // Translated here, not when the toast was made: a language changed while it shows renames it too.
  const translate = useTranslate();
  const { theme, type = 'default', autoClose, isIn } = toastProps;
  // A toast that does not close by itself has no countdown (the library draws none either).
  if (!autoClose) return null;
  const looks = `Toastify__progress-bar-theme--${theme} Toastify__progress-bar--${type}`;
  return (
    <div className="Toastify__progress-bar--wrp" data-hidden="false">
      <div className={`Toastify__progress-bar--bg ${looks}`} />
      <div
        role="progressbar"
        aria-label={translate('app.notifications.countdown')}
        aria-valuemin={0}
        aria-valuemax={100}
        className={`Toastify__progress-bar Toastify__progress-bar--animated ${looks}`}
        style={{ animationDuration: `${autoClose}ms`, animationPlayState: isPaused ? 'paused' : 'running' }}
        onAnimationEnd={() => {
          if (isIn) closeToast();
        }}
      />
    </div>
  );
}

/** A toast of `text` for TOAST_MS, with CountdownBar (drawn along its bottom edge). */
function showToast(text: ReactNode, type: TypeOptions): void {
  toast(
    (props: ToastContentProps) => (
      <>
        {text}
        <CountdownBar {...props} />
      </>
    ),
    { type, autoClose: TOAST_MS, customProgressBar: true },
  );
}

// Left by the light login page before its full navigation here; read once
// per page load (not per mount) so a remount cannot show it twice.
let pendingFlash: Flash | null = takeFlash();

/**
 * Renders react-admin's notification queue with react-toastify, so every
 * notify() call (ours and react-admin's own) shows the same kind of toast.
 */
export function ToastNotifications() {
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();
  useEffect(() => {
    const f = pendingFlash;
    pendingFlash = null;
    if (f) showToast(translate(f.message, { _: f.message }), f.type);
  }, [translate]);
  useEffect(() => {
    // takeNotification reads the queue of this render, so one per run: the
    // shortened queue re-runs the effect for the next one.
    const n = notifications.length ? takeNotification() : undefined;
    if (!n) return;
    const { message, type, notificationOptions } = n;
    const args = notificationOptions?.messageArgs ?? {};
    const text = typeof message === 'string' ? translate(message, { _: message, ...args }) : message;
    showToast(text, (type === 'warning' ? 'warning' : type) as TypeOptions);
  }, [notifications, takeNotification, translate]);
  return (
    <Box sx={belowAppBar}>
      <ToastContainer
        position="top-right"
        autoClose={TOAST_MS}
        limit={TOAST_LIMIT}
        draggable
        newestOnTop
        closeOnClick={false}
        aria-label={translate('app.notifications.toasts')}
        closeButton={(props) => <CloseButton {...props} ariaLabel={translate('app.notifications.close_toast')} />}
      />
    </Box>
  );
}
