import type { PresenceEvent } from '../../shared/api/presence';
import { eventHub } from '../eventHub';

/** `presence` events of the notification stream, handed on to the open edit forms. */
const hub = eventHub<PresenceEvent>();
export const publishPresence = hub.publish;
export const onPresence = hub.on;
