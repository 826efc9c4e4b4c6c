import { PASSWORD_MIN } from '../../field-kinds/text-rules';

/** The API's answer to an e-mail address that does not match the e-mail pattern. */
export const EMAIL_FORMAT_MESSAGE = 'Entered value does not match email format';

/** The API's answer to a new password shorter than the least length. */
export const PASSWORD_MIN_MESSAGE = `Password must have at least ${PASSWORD_MIN} characters`;
