// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createInstance } from 'i18next';
import { getI18nProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'react-admin';
import { resources } from '../../resources';
import { AdminApp } from '../../src/core/admin/AdminApp';
import { adminModules } from '../../src/core/admin/resources';
import { i18nOptions, LANGUAGES } from '../../src/core/admin/providers/i18nOptions';
import { createResourceSet } from '../../src/core/shared/resource-set';
import { saveSession } from '../../src/core/web/session';
import en from '../../public/locales/en/translations.json';
import { gadgets } from '../fixtures/gadgets';
import { fakeFetch, type Call } from './fakeFetch';

// The admin given the product's declarations plus a throwaway one
// (tests/fixtures/gadgets.ts) and no admin folder for it: its menu entry,
// generated list and add form appear with no other edit. The API answers
// as the server does for that declaration (tests/api/new-resource.test.ts).
const set = createResourceSet([...resources, gadgets]);
const owner = { _id: 'u1', name: 'Olga Owner', email: 'olga@example.com' };
const lamp = {
  _id: 'g1',
  createdAt: '2026-01-01T00:00:00.000Z',
  name: 'Lamp',
  size: 'small',
  weight: 3,
  fragile: true,
  owner,
  labels: ['desk', 'light'],
};
const page = (data: object[]) => ({ body: { data, total: data.length, page: 1, pages: 1 } });

function answer(call: Call) {
  const url = new URL(call.url, 'http://localhost');
  if (url.pathname === '/api/auth/user-categories')
    return page([
      { _id: 'c1', name: 'Users', menu: 'Access', menu_order: 100, path: '/users' },
      { _id: 'c2', name: 'Gadgets', menu: 'Workshop', menu_order: 500, path: '/gadgets' },
    ]);
  if (url.pathname === '/api/auth/my-permissions') return { body: { superadmin: true, data: [], access: {} } };
  if (url.pathname === '/api/auth/gadgets' && call.method === 'GET') return page([lamp]);
  if (url.pathname === '/api/auth/gadgets' && call.method === 'POST') return { status: 201, body: { _id: 'g2', ...(call.body as object) } };
  if (url.pathname === '/api/auth/users') return page([{ ...owner, createdAt: lamp.createdAt }]);
  if (url.pathname === '/api/auth/notifications') return { body: { data: [], unread: 0, total: 0, page: 1, pages: 1 } };
  return { status: 404, body: { error: 'Not found.' } };
}

let i18nProvider: I18nProvider;
beforeAll(async () => {
  const options = { ...i18nOptions, lng: 'en', resources: { en: { translation: en } } };
  i18nProvider = await getI18nProvider(
    createInstance() as unknown as Parameters<typeof getI18nProvider>[0],
    options as unknown as Parameters<typeof getI18nProvider>[1],
    LANGUAGES,
  );
});
afterEach(cleanup);

describe('a resource added by its declaration, in the admin', () => {
  it("has a menu entry, a generated list with its kinds' cells, and an add form with its kinds' inputs", async () => {
    saveSession(
      { token: 'tok', user: { _id: 'a1', name: 'Admin', email: 'admin@example.com', image: null } },
      { name: 'Admin', type: 'admin' },
    );
    const calls = fakeFetch(answer);
    const router = createMemoryRouter(
      [{ path: '*', element: <AdminApp i18nProvider={i18nProvider} resources={set} modules={adminModules} /> }],
      {
        initialEntries: ['/gadgets'],
      },
    );
    render(<RouterProvider router={router} />);

    // The list: one row, each cell drawn by its field's kind.
    const row = (await screen.findByText('Lamp')).closest('tr')!;
    expect(within(row).getByText('small')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'olga@example.com' }).getAttribute('href')).toBe('mailto:olga@example.com');
    expect(within(row).getByText('desk, light')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Email' })).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/auth/gadgets?page=1&limit=25&sort=name&order=ASC')).toBe(true);

    // The menu entry the server seeded from its declaration.
    expect(screen.getByRole('link', { name: /Gadgets/ }).getAttribute('href')).toBe('/gadgets');

    // The generated add form: an input per form field, sent as the API expects.
    fireEvent.click(screen.getByRole('button', { name: /Add New/ }));
    const dialog = await screen.findByRole('dialog');
    for (const label of ['name', 'size', 'weight', 'fragile', 'owner', 'labels'])
      expect(within(dialog).getAllByLabelText(new RegExp(label)).length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByLabelText(/name/), { target: { value: '  Kettle ' } });
    fireEvent.change(within(dialog).getByLabelText(/labels/), { target: { value: 'kitchen, , hot' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/auth/gadgets',
      body: { name: 'Kettle', size: 'small', fragile: false, labels: ['kitchen', 'hot'] },
    });
  });
});
