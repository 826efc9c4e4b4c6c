// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { createTheme, getContrastRatio, ThemeProvider } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { darkTheme, lightTheme } from '../../src/core/admin/theme/themes';
import { UserAvatar } from '../../src/core/admin/layout/UserAvatar';
import { InviteStatusChip } from '../../src/features/invites/admin/InviteStatusChip';
import { INVITE_STATUSES } from '../../src/features/invites/contract';

/**
 * Texts drawn in status colours, in both themes, reach WCAG AA for normal
 * text (4.5:1): the initials of a user without a picture and each invite
 * status chip. Measured on what MUI renders with the product's themes; an
 * outlined chip's label stands on the card it sits in (the theme's paper).
 */
const AA = 4.5;
const THEMES = { light: createTheme(lightTheme), dark: createTheme(darkTheme) };

function drawn(theme: (typeof THEMES)['light'], ui: ReactElement): HTMLElement {
  const { container } = render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);
  const first = container.firstElementChild;
  if (!(first instanceof HTMLElement)) throw new Error('nothing rendered');
  return first;
}

/** The colour behind an element: its own, or the paper it sits on when it has none. */
function backgroundOf(el: HTMLElement, paper: string): string {
  const own = getComputedStyle(el).backgroundColor;
  return own === '' || own === 'transparent' || own === 'rgba(0, 0, 0, 0)' ? paper : own;
}

describe.each(Object.entries(THEMES))('%s theme', (_name, theme) => {
  const paper = theme.palette.background.paper;

  it('draws the initials avatar at 4.5:1 or more', () => {
    const avatar = drawn(theme, <UserAvatar name="Ada Lovelace" />);
    expect(avatar.textContent).toBe('AL');
    const style = getComputedStyle(avatar);
    expect(getContrastRatio(style.color, backgroundOf(avatar, paper))).toBeGreaterThanOrEqual(AA);
  });

  it.each(INVITE_STATUSES)('draws the "%s" invite chip at 4.5:1 or more', (status) => {
    const chip = drawn(theme, <InviteStatusChip status={status} />);
    // The label takes its colour from the chip, which carries the background too.
    const style = getComputedStyle(chip);
    expect(getContrastRatio(style.color, backgroundOf(chip, paper))).toBeGreaterThanOrEqual(AA);
  });
});
