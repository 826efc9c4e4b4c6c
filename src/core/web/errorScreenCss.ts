/**
 * The error screen's styles, rendered inline by the screen itself: a
 * stylesheet imported by the entry would block the first paint of every page.
 */
export const ERROR_SCREEN_CSS = `
.web-error { max-width: 640px; margin: 0 auto; padding: 64px 24px; text-align: center; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1b1f2a; }
.web-error h1 { font-size: 1.8rem; margin: 0 0 12px; }
.web-error-message { color: #b3261e; word-break: break-word; margin: 0 0 24px; }
.web-error-actions { display: flex; flex-wrap: wrap; gap: 12px; justify-content: center; align-items: center; }
.web-error-actions a, .web-error-actions button { font: inherit; padding: 10px 16px; border-radius: 8px; border: 1px solid #2f55d4; color: #2f55d4; background: #fff; cursor: pointer; text-decoration: none; }
.web-error-actions .web-error-clear { background: #9a4a00; border-color: #9a4a00; color: #fff; }
`;
