// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, useNotificationContext, type I18nProvider } from 'react-admin';
import { ImagesGrid } from '../admin/ImagesGrid';
import { useImageEntries } from '../admin/useImageEntries';

/** Messages as key:file so the test sees which check spoke. */
const i18nProvider: I18nProvider = {
  translate: (key, opts) => (opts && typeof opts.file === 'string' ? `${key}:${opts.file}` : key),
  changeLocale: () => Promise.resolve(),
  getLocale: () => 'en',
};

function Notices() {
  const { notifications } = useNotificationContext();
  return (
    <ul data-testid="notices">
      {notifications.map((n, i) => (
        <li key={i}>{String(n.message)}</li>
      ))}
    </ul>
  );
}

function Harness({ record, disabled }: { record?: object; disabled?: boolean }) {
  const images = useImageEntries(record);
  return (
    <>
      <ImagesGrid images={images} label="Images" disabled={disabled} />
      <Notices />
    </>
  );
}

const mount = (record?: object, disabled?: boolean) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Harness record={record} disabled={disabled} />
    </AdminContext>,
  );

const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const choose = (files: File[]) => fireEvent.change(screen.getByTestId('image-input'), { target: { files } });

describe('editor images', () => {
  afterEach(cleanup);

  it('refuses a wrong extension before reading or sending it', async () => {
    mount();
    choose([new File(['x'], 'notes.gif', { type: 'image/gif' }), png('ok.png')]);
    await screen.findByText('app.experiences.bad_extension:notes.gif');
    await waitFor(() => expect(screen.getAllByTestId('image-tile')).toHaveLength(1));
  });

  it('drops a removed new picture, strikes a removed stored one and undoes it', async () => {
    mount({ images: [{ id: 's1', url: '/uploads/s1.webp', thumbUrl: '/uploads/s1-t.webp' }] });
    choose([png('new.png')]);
    await waitFor(() => expect(screen.getAllByTestId('image-tile')).toHaveLength(2));
    const [stored, added] = screen.getAllByTestId('image-tile');
    fireEvent.click(added.querySelector('[aria-label="app.experiences.remove"]')!);
    await waitFor(() => expect(screen.getAllByTestId('image-tile')).toHaveLength(1));
    fireEvent.click(stored.querySelector('[aria-label="app.experiences.remove"]')!);
    expect(stored.getAttribute('data-operation')).toBe('remove');
    expect(screen.getByTestId('removed-label')).toBeTruthy();
    fireEvent.click(stored.querySelector('[aria-label="app.experiences.undo_remove"]')!);
    // Remove pressed on remove goes back to update (the server keeps it: no new data).
    expect(stored.getAttribute('data-operation')).toBe('update');
  });

  it('offers rotate on stored and on newly chosen pictures, not on removed ones', async () => {
    mount({ images: [{ id: 's1', url: '/uploads/s1.webp', thumbUrl: '/uploads/s1-t.webp' }] });
    choose([png('new.png')]);
    await waitFor(() => expect(screen.getAllByTestId('image-tile')).toHaveLength(2));
    expect(screen.getAllByRole('button', { name: 'app.experiences.rotate' })).toHaveLength(2);
    const [stored] = screen.getAllByTestId('image-tile');
    fireEvent.click(stored.querySelector('[aria-label="app.experiences.remove"]')!);
    expect(screen.getAllByRole('button', { name: 'app.experiences.rotate' })).toHaveLength(1);
  });

  it('shows the pictures of a user who may not change them with no buttons and no dragging', () => {
    mount({ images: [{ id: 's1', url: '/uploads/s1.webp', thumbUrl: '/uploads/s1-t.webp' }] }, true);
    const [tile] = screen.getAllByTestId('image-tile');
    expect(tile.getAttribute('draggable')).toBe('false');
    expect(tile.querySelectorAll('button')).toHaveLength(0);
    const add = screen.getByRole('button', { name: 'app.experiences.add_images' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
  });
});
