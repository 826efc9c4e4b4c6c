/**
 * react-admin's MenuItemLink is a MUI MenuItem (role="menuitem" unless told
 * otherwise); in the side navigation its entries are plain links.
 */
export const NAV_LINK_ROLE = 'link';
