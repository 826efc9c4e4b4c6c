const FIELD =
  'input:not([type=hidden]):not([disabled]):not([readonly]), textarea:not([disabled]), [role=combobox]:not([aria-disabled=true])';
const WAIT_MS = 3000;

/**
 * A dialog's transition `onEntered`: puts the keyboard in its first field
 * once it has opened (dialogs focus their first field). An edit
 * form appears after its record loads, so the field is awaited a few
 * frames; someone who already moved focus to a control inside is left
 * alone. MUI's Dialog keeps focus trapped inside meanwhile.
 */
export function focusFirstField(root: HTMLElement): void {
  const started = Date.now();
  const look = () => {
    const active = document.activeElement;
    if (active && active !== root && root.contains(active) && active.matches(`${FIELD}, button, a`)) return;
    const field = root.querySelector<HTMLElement>(FIELD);
    if (field) field.focus();
    else if (Date.now() - started < WAIT_MS && root.isConnected) requestAnimationFrame(look);
  };
  look();
}
