// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, type I18nProvider } from 'react-admin';
import { LoginPage } from '../../sign-in/admin/LoginPage';
import { authProvider } from '../../../core/admin/providers/authProvider';
import { getUserInfo } from '../../../core/web/session';
import { interpolate, lookup, type Messages } from '../../../core/web/localeFile';
import en from '../../../../public/locales/en/translations.json';
import { fakeFetch } from '../../../../tests/unit/fakeFetch';

// Google's own button needs its script from the network; this one hands over a credential at once.
vi.mock('../../sign-in/admin/GoogleButton', () => ({
  GoogleButton: ({ onCredential }: { onCredential: (c: string) => void }) => (
    <button type="button" onClick={() => onCredential('google-id-token')}>
      Fake Google
    </button>
  ),
}));

const i18nProvider: I18nProvider = {
  translate: (key, options) => {
    const vars = (options ?? {}) as Record<string, string | number>;
    return interpolate(lookup(en as Messages, key) ?? (typeof options?._ === 'string' ? options._ : key), vars);
  },
  changeLocale: async () => undefined,
  getLocale: () => 'en',
  getLocales: () => [{ locale: 'en', name: 'English' }],
};

function renderLogin(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext authProvider={authProvider} i18nProvider={i18nProvider}>
        <LoginPage />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('login page with an invite', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('passes the invite to Google sign-in and shows the 202 message instead of signing in', async () => {
    const calls = fakeFetch((call) => {
      if (call.url === '/api/config') return { body: { googleClientId: 'cid', version: '5.10' } };
      if (call.url === '/api/auth/google')
        return { status: 202, body: { ok: true, message: 'Registration submitted. Awaiting approval.' } };
      return { status: 404, body: {} };
    });
    renderLogin('/login?invite=tok-123');
    expect(await screen.findByText('You are signing in with an invite. Continue with Google to register.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Fake Google' }));
    const pending = await screen.findByTestId('registration-pending');
    expect(pending.textContent).toContain('Registration submitted. Awaiting approval.');
    expect(pending.textContent).toContain('An admin will review and approve your access.');
    expect(calls.find((c) => c.url === '/api/auth/google')?.body).toEqual({ credential: 'google-id-token', invite: 'tok-123' });
    // Nothing to store: a token-less answer must not look like a session.
    expect(getUserInfo()).toBeNull();
  });
});
