/** A menu entry under this menu name grants its screen but shows in no menu (nor among the palette's screens). */
export const HIDDEN_MENU = 'hidden';
