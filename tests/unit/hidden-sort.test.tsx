// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore, useStore } from 'react-admin';
import { useHiddenSortDropped } from '../../src/core/admin/generic/useHiddenSortDropped';
import { UNLIMITED, type FieldAccess } from '../../src/core/admin/generic/fieldAccess';

afterEach(cleanup);

const noPhone: FieldAccess = { ...UNLIMITED, read: (f) => f !== 'phone' };

/** A list that renders only once its remembered sort is one the user may ask for; it shows what the store holds. */
function Probe({ access }: { access: FieldAccess }) {
  const waiting = useHiddenSortDropped('users', access);
  const [params] = useStore<Record<string, unknown>>('users.listParams');
  return <output data-testid="params">{waiting ? 'waiting' : JSON.stringify(params)}</output>;
}

const withStored = (params: Record<string, unknown>) => {
  const store = memoryStore();
  store.setItem('users.listParams', params);
  return store;
};

describe('a remembered list sort on a field the user may not read', () => {
  it('is dropped, keeping the rest of the remembered list (page, filters)', async () => {
    const store = withStored({ sort: 'phone', order: 'DESC', page: 3, filter: { blocked: true } });
    const { getByTestId } = render(
      <AdminContext store={store}>
        <Probe access={noPhone} />
      </AdminContext>,
    );
    await waitFor(() => expect(getByTestId('params').textContent).not.toBe('waiting'));
    expect(JSON.parse(getByTestId('params').textContent ?? '')).toEqual({ page: 3, filter: { blocked: true } });
  });

  it('is kept when readable, on a ref’s field by its ref, and for a user without rules', async () => {
    for (const [sort, access] of [
      ['name', noPhone],
      ['role.name', noPhone],
      ['phone', UNLIMITED],
    ] as const) {
      const { getByTestId, unmount } = render(
        <AdminContext store={withStored({ sort, order: 'ASC' })}>
          <Probe access={access} />
        </AdminContext>,
      );
      expect(JSON.parse(getByTestId('params').textContent ?? '')).toEqual({ sort, order: 'ASC' });
      unmount();
    }
  });
});
