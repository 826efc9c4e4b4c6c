// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { AcceptInvite } from '../site/AcceptInvite';
import { SiteI18nProvider } from '../../../core/site/i18n/SiteI18nProvider';

/** The real translation files, as the server would send them. */
const localeFile = (lng: string) => readFileSync(`public/locales/${lng}/translations.json`, 'utf8');

interface Seen {
  url: string;
  method: string;
  body: unknown;
}

const future = '2030-01-02T10:00:00.000Z';
const valid = { ok: true, expired: false, consumed: false, email: 'ivy@example.com', expiresAt: future };

/** Canned answers for the public calls of the page; records what was sent. */
function serve(answers: Record<string, { status?: number; body?: unknown } | Error>): Seen[] {
  const seen: Seen[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const locale = /^\/locales\/(\w+)\/translations\.json$/.exec(input);
    if (locale) return new Response(localeFile(locale[1]), { status: 200 });
    seen.push({ url: input, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
    const key = Object.keys(answers).find((k) => input.startsWith(k));
    const a = key ? answers[key] : { status: 404, body: {} };
    if (a instanceof Error) throw a;
    return new Response(JSON.stringify(a.body ?? {}), { status: a.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  return seen;
}

function open(search: string) {
  window.history.replaceState(null, '', `/invite${search}`);
  return render(
    <SiteI18nProvider>
      <AcceptInvite />
    </SiteI18nProvider>,
  );
}

describe('accept-invite page', () => {
  beforeEach(() => localStorage.setItem('i18nextLng', 'en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('checks the invite, then shows the locked e-mail and registers for approval', async () => {
    const seen = serve({
      '/api/auth/invites/validate/tok1': { body: valid },
      '/api/auth/register-invite': { status: 201, body: { ok: true, message: 'Registration submitted. Awaiting approval.' } },
      '/api/config': { body: { googleClientId: null } },
    });
    open('?token=tok1');
    expect(await screen.findByText('Checking invite...')).toBeTruthy();
    expect(await screen.findByTestId('invite-email')).toHaveProperty('textContent', 'ivy@example.com');
    expect(screen.getByText('Email is locked to the invited address.')).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ivy@example.com');
    expect(email.readOnly).toBe(true);
    // Google is off on this server: no dead-end link.
    expect(screen.queryByText('Continue with Google')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Ivy ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    expect(await screen.findByText('Registration submitted. Awaiting approval.')).toBeTruthy();
    expect(screen.getByText('An admin will review and approve your access.')).toBeTruthy();
    expect(seen.find((s) => s.method === 'POST')).toEqual({
      url: '/api/auth/register-invite',
      method: 'POST',
      body: { token: 'tok1', name: 'Ivy', email: 'ivy@example.com', password: 'secret1' },
    });
  });

  it('accepts ?invite=, says "any email" and offers Google when it is enabled', async () => {
    serve({
      '/api/auth/invites/validate/tok2': { body: { ...valid, email: null } },
      '/api/config': { body: { googleClientId: 'cid.apps.googleusercontent.com' } },
    });
    open('?invite=tok2');
    expect(await screen.findByText('any email')).toBeTruthy();
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe('/admin/login?invite=tok2');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.readOnly).toBe(false);
    expect(screen.queryByText('Email is locked to the invited address.')).toBeNull();
  });

  it.each([
    [{ ...valid, ok: false, expired: true }, 'This invite has expired.'],
    [{ ...valid, ok: false, consumed: true }, 'This invite has already been used.'],
    [{ ok: false, expired: false, consumed: false, email: null, expiresAt: null }, 'Invite not valid.'],
  ])('explains an unusable invite: %o', async (answer, text) => {
    serve({ '/api/auth/invites/validate/': { body: answer }, '/api/config': { body: {} } });
    open('?token=bad');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for Approval' })).toBeNull();
  });

  it('says the invite is not valid without a token, asking nothing', async () => {
    const seen = serve({ '/api/config': { body: {} } });
    open('');
    expect(await screen.findByText('Invite not valid.')).toBeTruthy();
    expect(seen.some((s) => s.url.includes('validate'))).toBe(false);
  });

  it('switches to the expired message when the invite expires before submitting', async () => {
    serve({
      '/api/auth/invites/validate/tok3': { body: valid },
      '/api/auth/register-invite': { status: 410, body: { error: 'This invite has expired.' } },
      '/api/config': { body: {} },
    });
    open('?token=tok3');
    await screen.findByTestId('invite-email');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ivy' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    expect(await screen.findByText('This invite has expired.')).toBeTruthy();
  });

  it("shows the server's reason, or 'Registration failed.' when there is none", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { error: 'An account with this email already exists. Sign in instead.' },
    };
    serve({ '/api/auth/invites/validate/tok4': { body: { ...valid, email: null } }, '/api/config': { body: {} } });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input === '/api/auth/register-invite'
        ? Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }))
        : realFetch(input, init),
    );
    open('?token=tok4');
    await screen.findByTestId('invite-email');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ivy' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ivy@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    expect(await screen.findByText('An account with this email already exists. Sign in instead.')).toBeTruthy();
    answer = { status: 500, body: {} };
    fireEvent.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    expect(await screen.findByText('Registration failed.')).toBeTruthy();
  });

  it('offers a retry when the check itself fails', async () => {
    serve({ '/api/auth/invites/validate/tok5': new TypeError('offline'), '/api/config': { body: {} } });
    open('?token=tok5');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Could not check the invite. Please try again.')).toBeTruthy());
  });

  it('speaks Greek when Greek was chosen', async () => {
    localStorage.setItem('i18nextLng', 'el');
    serve({ '/api/auth/invites/validate/tok6': { body: { ...valid, ok: false, consumed: true } }, '/api/config': { body: {} } });
    open('?token=tok6');
    expect(await screen.findByText('Αυτή η πρόσκληση έχει ήδη χρησιμοποιηθεί.')).toBeTruthy();
  });
});
