/**
 * react-admin's authentication error screen (the auth check failed for
 * another reason than a signed-out session), in a lazy chunk of its own: its
 * configurable page title brings MUI's TextField, Popover and their kin.
 */
export { AuthenticationError as default } from 'react-admin';
