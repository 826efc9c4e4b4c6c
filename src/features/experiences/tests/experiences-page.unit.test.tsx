// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { SiteI18nContext } from '../../../core/site/i18n/context';
import { Experience } from '../site/Experience';

const item = {
  _id: '7d3f1c2e-0000-4000-8000-000000000001',
  title: 'Harbour walk',
  slug: 'harbour-walk',
  description: '<p>Fishing <strong>boats</strong></p>',
  tags: ['sea', 'boats'],
  images: [
    { id: 'i1', url: '/uploads/a.webp', thumbUrl: '/uploads/a-t.webp' },
    { id: 'i2', url: '/uploads/b.webp', thumbUrl: '/uploads/b-t.webp' },
  ],
  createdAt: '2030-01-01T00:00:00.000Z',
};

function answer(status: number, body: unknown) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

/** Keys come back as they are: the test reads which text the page asked for. */
const show = (key: string) =>
  render(
    <SiteI18nContext.Provider value={{ lang: 'en', setLang: () => undefined, t: (k) => k }}>
      <Experience slugOrId={key} />
    </SiteI18nContext.Provider>,
  );

describe('public experience page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads by slug and shows title, pictures, the sanitized description and tags', async () => {
    const calls = answer(200, item);
    show('harbour-walk');
    await screen.findByRole('heading', { level: 1, name: 'Harbour walk' });
    expect(calls).toEqual(['/api/experiences/harbour-walk']);
    expect(screen.getByTestId('experience-main-image').getAttribute('src')).toBe('/uploads/a.webp');
    expect(screen.getAllByTestId('experience-thumb')).toHaveLength(2);
    expect(screen.getByText('boats', { selector: 'strong' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain('sea');
    // The title is set by an effect after the heading renders.
    await waitFor(() => expect(document.title).toBe('Harbour walk'));
  });

  it('says not found for unknown or under-review items (404)', async () => {
    answer(404, { error: 'Experience not found.' });
    show('nope');
    await screen.findByText('app.experiences.public.not_found_title');
  });

  it('offers a retry when the server fails', async () => {
    answer(500, { error: 'An unexpected error occurred.' });
    show('x');
    await screen.findByRole('button', { name: 'app.experiences.public.retry' });
  });
});
