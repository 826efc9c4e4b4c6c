/**
 * Page and limit of every list (DESIGN 4). The highest page is far beyond any
 * real table and keeps `(page - 1) * limit` a safe integer for the database's
 * OFFSET, whatever the limit.
 */
export const MAX_PAGE = 1_000_000_000;

export const pageParam = { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 } as const;

export const limitParam = (maximum: number, defaultLimit: number) =>
  ({ type: 'integer', minimum: 1, maximum, default: defaultLimit }) as const;
