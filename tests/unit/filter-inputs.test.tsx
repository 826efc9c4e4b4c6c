// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, Form, type I18nProvider } from 'react-admin';
import { adminKinds } from '../../src/core/field-kinds/admin';
import { fieldKinds } from '../../src/core/field-kinds';
import { gadgets } from '../fixtures/gadgets';

const i18nProvider: I18nProvider = {
  translate: (key, opts) => (typeof opts?._ === 'string' ? opts._ : key),
  changeLocale: () => Promise.resolve(),
  getLocale: () => 'en',
};

afterEach(cleanup);

// The list filters of the kinds the API filters on (shared `filter`): ready for
// the lists' filter bars; here each offers what its kind allows.
describe('filter inputs of the field kinds', () => {
  it('exist exactly for the kinds the API filters lists by', () => {
    const withInput = Object.entries(adminKinds)
      .filter(([, k]) => k.FilterInput)
      .map(([name]) => name);
    const filtered = Object.entries(fieldKinds)
      .filter(([, k]) => k.filter)
      .map(([name]) => name);
    expect(withInput.sort()).toEqual(filtered.sort());
  });

  it('offer an enum field its options', async () => {
    const EnumFilter = adminKinds.enum.FilterInput!;
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Form>
          <EnumFilter resource={gadgets} source="size" def={gadgets.fields.size} label="Size" />
        </Form>
      </AdminContext>,
    );
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Size/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(expect.arrayContaining(['small', 'large']));
  });

  it('offer a boolean field any, yes or no', async () => {
    const BooleanFilter = adminKinds.boolean.FilterInput!;
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Form>
          <BooleanFilter resource={gadgets} source="fragile" def={gadgets.fields.fragile} label="Fragile" />
        </Form>
      </AdminContext>,
    );
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Fragile/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(3);
  });
});
