import { Type } from './schema';

/**
 * Page and limit of every list: page from 1, limit capped. The highest page
 * is far beyond any real table and keeps `(page - 1) * limit` a safe integer
 * for the database's OFFSET, whatever the limit.
 */
export const MAX_PAGE = 1_000_000_000;

/** `?page=` of a paged list: from 1. */
export const PageParam = Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 });

/** `?limit=` of a paged list, with its most and default. */
export const LimitParam = (maximum: number, defaultLimit: number) => Type.Integer({ minimum: 1, maximum, default: defaultLimit });

/** The longest search term any list or search takes. */
export const SEARCH_MAX = 200;

/** `?q=`: a search term. */
export const SearchParam = Type.String({ maxLength: SEARCH_MAX });

/** Rows to skip for a 1-based page. */
export const pageOffset = (page: number, limit: number): number => (page - 1) * limit;

/** Pages a list of `total` rows fills, at least one (an empty list shows page 1 of 1). */
export const pageCount = (total: number, limit: number): number => Math.max(1, Math.ceil(total / limit));
