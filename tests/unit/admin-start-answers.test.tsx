// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useEffect } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import {
  AdminContext,
  Resource,
  useAuthState,
  useGetIdentity,
  usePermissions,
  useResourceDefinitionContext,
  useResourceDefinitions,
  type AuthProvider,
  type I18nProvider,
} from 'react-admin';
import { queryClient, seedAuthAnswers, seedIdentity } from '../../src/core/admin/providers/queryClient';
import { FixedResourceDefinitions } from '../../src/core/admin/resources/FixedResourceDefinitions';
import type { AdminPermissions } from '../../src/core/admin/providers/permissions';

const i18nProvider: I18nProvider = {
  translate: (key, opts) => (typeof opts?._ === 'string' ? opts._ : key),
  changeLocale: () => Promise.resolve(),
  getLocale: () => 'en',
};

const permissions: AdminPermissions = {
  categories: [{ _id: 'c1', name: 'Users', path: '/users', menu: 'Access', menu_order: 1, description: null, auth: true }],
  calls: { superadmin: false, data: [], access: {} },
};
const identity = { id: 'u1', fullName: 'Ελένη Παπαδοπούλου', email: 'eleni@example.com' };

/** An auth provider that answers like the real one and notes every question react-admin asks it. */
function askedProvider(asked: string[]): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkError: async () => undefined,
    checkAuth: async () => void asked.push('checkAuth'),
    getPermissions: async () => (asked.push('getPermissions'), permissions),
    getIdentity: async () => (asked.push('getIdentity'), identity),
  };
}

type Seen = { permissions: unknown; authenticated: boolean | undefined; name: string | undefined };

function Probe({ seen }: { seen: Seen[] }) {
  const p = usePermissions();
  const a = useAuthState();
  const i = useGetIdentity();
  seen.push({ permissions: p.permissions, authenticated: a.isPending ? undefined : a.authenticated, name: i.identity?.fullName });
  return null;
}

async function start(asked: string[], seen: Seen[]) {
  render(
    <AdminContext authProvider={askedProvider(asked)} i18nProvider={i18nProvider} queryClient={queryClient}>
      <Probe seen={seen} />
    </AdminContext>,
  );
  // Whatever react-admin asks, and the renders its answers cause, happen here.
  await act(() => new Promise((r) => setTimeout(r, 50)));
}

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe("the admin's start with the answers it already has", () => {
  it('renders first with the permissions, the signed-in check and the identity, and asks the auth provider nothing', async () => {
    seedAuthAnswers(permissions);
    seedIdentity(identity);
    const asked: string[] = [];
    const seen: Seen[] = [];
    await start(asked, seen);
    expect(seen[0]).toEqual({ permissions, authenticated: true, name: 'Ελένη Παπαδοπούλου' });
    expect(asked).toEqual([]);
    // Nothing arrived later, so nothing drew the screen again with it.
    expect(seen.every((s) => s.permissions === permissions && s.authenticated === true)).toBe(true);
  });

  it('without them, renders first without and asks for each (what the seeding saves)', async () => {
    const asked: string[] = [];
    const seen: Seen[] = [];
    await start(asked, seen);
    expect(seen[0]).toEqual({ permissions: undefined, authenticated: undefined, name: undefined });
    expect(asked.sort()).toEqual(['checkAuth', 'getIdentity', 'getPermissions']);
    expect(seen.at(-1)).toEqual({ permissions, authenticated: true, name: 'Ελένη Παπαδοπούλου' });
  });
});

describe('the fixed resource definitions', () => {
  const List = () => null;
  const resources = [
    <Resource key="users" name="users" list={<List />} recordRepresentation="name" />,
    <Resource key="roles" name="roles" list={<List />} />,
  ];

  it("are react-admin's own for each Resource, and registering again changes nothing and draws nothing", async () => {
    const drawn: ReturnType<typeof useResourceDefinitions>[] = [];
    function Reader() {
      const definitions = useResourceDefinitions();
      const { register, unregister } = useResourceDefinitionContext();
      drawn.push(definitions);
      // What react-admin does after its first render and whenever its children or the permissions change: every
      // resource out, then in again.
      useEffect(() => {
        for (const d of Object.values(definitions)) unregister(d);
        for (const d of Object.values(definitions)) register({ ...d });
      }, [definitions, register, unregister]);
      return null;
    }
    render(
      <AdminContext i18nProvider={i18nProvider} queryClient={queryClient}>
        <FixedResourceDefinitions resources={resources}>
          <Reader />
        </FixedResourceDefinitions>
      </AdminContext>,
    );
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(drawn).toHaveLength(1);
    const plain = { hasCreate: false, hasEdit: false, hasShow: false, icon: undefined, options: undefined };
    expect({ ...drawn[0] }).toEqual({
      users: { ...plain, name: 'users', hasList: true, recordRepresentation: 'name' },
      roles: { ...plain, name: 'roles', hasList: true, recordRepresentation: undefined },
    });
  });
});
