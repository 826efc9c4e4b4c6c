/** `users` -> `Users`, `client-permissions` -> `ClientPermissions`: the stem of a resource's operation ids. */
export const stemOf = (name: string) => name.replace(/(^|[-_\s]+)(\w)/g, (_m, _s, c: string) => c.toUpperCase());
