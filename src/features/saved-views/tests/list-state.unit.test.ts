import { describe, expect, it } from 'vitest';
import { columnIndexes, paramsOf, searchOf } from '../admin/listState';

// A list's state to a view's params and back: the address react-admin reads, the table's column indexes.

const available = [
  { index: '0', source: 'createdAt' },
  { index: '1', source: 'name' },
  { index: '2', source: 'email' },
  { index: '3' }, // the actions column: no field
];

describe('saved view params from a list', () => {
  it('keeps the search apart, drops empty filters, names the shown columns in their order', () => {
    const list = {
      filterValues: { q: ' maria ', blocked: true, confirmed: '', createdAt_gte: undefined },
      sort: { field: 'name', order: 'DESC' },
      perPage: 50,
    };
    expect(paramsOf(list, ['2', '1', '3'], available, undefined)).toEqual({
      q: 'maria',
      filter: { blocked: true },
      sort: 'name',
      order: 'DESC',
      perPage: 50,
      columns: ['email', 'name'],
    });
  });

  it('without a chosen set, the columns not omitted; without a table (a phone), no columns at all', () => {
    const list = { filterValues: {}, sort: { field: '', order: 'ASC' }, perPage: 25 };
    expect(paramsOf(list, undefined, available, ['email']).columns).toEqual(['createdAt', 'name']);
    expect(paramsOf(list, undefined, [], undefined)).toEqual({ filter: {}, perPage: 25 });
  });
});

describe('a view applied', () => {
  it('becomes the list address: the search inside the filter, page 1', () => {
    const search = new URLSearchParams(searchOf({ q: 'maria', filter: { blocked: true }, sort: 'name', order: 'DESC', perPage: 50 }));
    expect(JSON.parse(search.get('filter') ?? '')).toEqual({ blocked: true, q: 'maria' });
    expect(Object.fromEntries([...search].filter(([k]) => k !== 'filter'))).toEqual({
      page: '1',
      sort: 'name',
      order: 'DESC',
      perPage: '50',
    });
  });

  it('sets the columns by field, unknown ones left out, the actions column kept last', () => {
    expect(columnIndexes(['email', 'gone', 'createdAt'], available)).toEqual(['2', '0', '3']);
  });
});
