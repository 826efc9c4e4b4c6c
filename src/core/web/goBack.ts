/**
 * 'Go Back' from an error screen. A failed lazy chunk stays failed inside the
 * running page (React caches the rejected import), so after stepping back
 * the page reloads to fetch the code afresh. Without history: the home page.
 */
export function goBackAndReload(): void {
  if (window.history.length <= 1) {
    window.location.assign('/');
    return;
  }
  window.addEventListener('popstate', () => window.location.reload(), { once: true });
  window.history.back();
}
