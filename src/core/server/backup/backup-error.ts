/** Why a backup or restore cannot go on; the command prints the message as one line and exits with 1. */
export class BackupError extends Error {}
