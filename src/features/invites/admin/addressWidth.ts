/**
 * The widest an e-mail address may stand in the invites table, in px (the
 * invite's and its registrant's): longer ones end in an ellipsis, the whole
 * address in the cell's title, so the status beside them stays in view at
 * 1280 px in both languages.
 */
export const ADDRESS_WIDTH = 180;
