import { describe, expect, it } from 'vitest';
import type { HttpError } from 'react-admin';
import { dataProvider } from '../../src/core/admin/providers/dataProvider';
import { fakeFetch } from './fakeFetch';

// What the provider makes of real answers is tested against the server
// (tests/api/providers.test.ts); here only the case no server can produce.
describe('dataProvider without a network', () => {
  it('says "An unexpected error occurred." with status 500 when no answer came', async () => {
    fakeFetch(() => new TypeError('network down'));
    const err = (await dataProvider.getOne('users', { id: 'x' }).catch((e: unknown) => e)) as HttpError;
    expect(err.status).toBe(500);
    expect(err.message).toBe('An unexpected error occurred.');
    expect(err.body).toMatchObject({ transport: true });
  });
});
