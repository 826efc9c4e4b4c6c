import { describe, expect, test } from 'vitest';
import { conditionVerdict, mayBeAllowed, type Condition } from '../../../core/shared/access-rules';

// The browser's reading of a rule's condition on records as the API answers them:
// it hides edit and delete where the server would refuse, and leaves to the server
// what it cannot tell ($myRoles, a field the record does not carry).

const ANNA = '7d1f3c52-8a4e-4f0b-9d2c-1a2b3c4d5e6f';
const BORIS = '0b9e8d7c-6f5a-4e3d-8c2b-1a0f9e8d7c6b';

const maria = {
  _id: 'c3a1e2f4-5b6c-4d7e-8f90-a1b2c3d4e5f6',
  name: 'Maria Papadopoulou',
  email: 'maria@example.gr',
  confirmed: true,
  blocked: false,
  createdAt: '2024-03-14T09:26:53.000Z',
};
const nikos = { ...maria, _id: 'f6e5d4c3-b2a1-4f9e-8d7c-6b5a4f3e2d1c', name: 'Nikos', confirmed: false };
const sunrise = {
  _id: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d',
  title: 'Sunrise over Meteora',
  views: 120,
  tags: ['hiking'],
  createdBy: { _id: ANNA, name: 'Anna' },
  updatedBy: null,
  createdAt: '2024-05-01T10:00:00.000Z',
};

describe('conditionVerdict', () => {
  test('eq and ne on booleans and text', () => {
    expect(conditionVerdict({ confirmed: { eq: true } }, maria, ANNA)).toBe(true);
    expect(conditionVerdict({ confirmed: { eq: true } }, nikos, ANNA)).toBe(false);
    expect(conditionVerdict({ name: { ne: 'Nikos' } }, nikos, ANNA)).toBe(false);
    expect(conditionVerdict({ name: { ne: 'Nikos' } }, maria, ANNA)).toBe(true);
  });

  test('a populated ref compares its _id; $me is the signed-in user', () => {
    const own: Condition = { createdBy: { eq: '$me' } };
    expect(conditionVerdict(own, sunrise, ANNA)).toBe(true);
    expect(conditionVerdict(own, sunrise, BORIS)).toBe(false);
    expect(conditionVerdict({ createdBy: { in: [BORIS, ANNA] } }, sunrise, undefined)).toBe(true);
    expect(conditionVerdict({ createdBy: { nin: [ANNA] } }, sunrise, undefined)).toBe(false);
    // Without a signed-in id, $me cannot be told.
    expect(conditionVerdict(own, sunrise, undefined)).toBeUndefined();
  });

  test('_id is the record’s own id (react-admin’s id too)', () => {
    expect(conditionVerdict({ _id: { eq: '$me' } }, maria, maria._id)).toBe(true);
    expect(conditionVerdict({ _id: { eq: '$me' } }, { id: maria._id, name: 'Maria' }, maria._id)).toBe(true);
    expect(conditionVerdict({ _id: { ne: '$me' } }, maria, maria._id)).toBe(false);
  });

  test('no value passes only null: true, ne and nin, as in SQL', () => {
    expect(conditionVerdict({ updatedBy: { null: true } }, sunrise, ANNA)).toBe(true);
    expect(conditionVerdict({ updatedBy: { null: false } }, sunrise, ANNA)).toBe(false);
    expect(conditionVerdict({ updatedBy: { eq: ANNA } }, sunrise, ANNA)).toBe(false);
    expect(conditionVerdict({ updatedBy: { ne: ANNA } }, sunrise, ANNA)).toBe(true);
    expect(conditionVerdict({ updatedBy: { nin: [ANNA] } }, sunrise, ANNA)).toBe(true);
    expect(conditionVerdict({ updatedBy: { in: [ANNA] } }, sunrise, ANNA)).toBe(false);
    expect(conditionVerdict({ views: { gt: 1 } }, { ...sunrise, views: null }, ANNA)).toBe(false);
  });

  test('gt, gte, lt, lte on numbers and dates', () => {
    expect(conditionVerdict({ views: { gt: 100, lte: 120 } }, sunrise, ANNA)).toBe(true);
    expect(conditionVerdict({ views: { gte: 121 } }, sunrise, ANNA)).toBe(false);
    expect(conditionVerdict({ views: { lt: 120 } }, sunrise, ANNA)).toBe(false);
    expect(conditionVerdict({ createdAt: { gte: '2024-01-01' } }, maria, ANNA)).toBe(true);
    expect(conditionVerdict({ createdAt: { lt: '2024-03-14T09:00:00Z' } }, maria, ANNA)).toBe(false);
    expect(conditionVerdict({ createdAt: { lt: '2024-03-15' } }, maria, ANNA)).toBe(true);
  });

  test('and, or, and several fields (all must hold)', () => {
    const c: Condition = { or: [{ createdBy: { eq: '$me' } }, { and: [{ views: { gt: 1000 } }, { tags: { null: false } }] }] };
    expect(conditionVerdict(c, sunrise, ANNA)).toBe(true);
    expect(conditionVerdict(c, sunrise, BORIS)).toBe(false);
    expect(conditionVerdict({ confirmed: { eq: true }, blocked: { eq: true } }, maria, ANNA)).toBe(false);
    expect(conditionVerdict({ confirmed: { eq: true }, blocked: { eq: false } }, maria, ANNA)).toBe(true);
  });

  test('$myRoles and fields the record does not carry cannot be told; a known false still decides', () => {
    expect(conditionVerdict({ createdBy: { in: '$myRoles' } }, sunrise, ANNA)).toBeUndefined();
    expect(conditionVerdict({ phone: { eq: '+30 210 555 0101' } }, maria, ANNA)).toBeUndefined();
    expect(conditionVerdict({ or: [{ phone: { null: true } }, { confirmed: { eq: true } }] }, maria, ANNA)).toBe(true);
    expect(conditionVerdict({ and: [{ phone: { null: true } }, { confirmed: { eq: true } }] }, nikos, ANNA)).toBe(false);
    expect(conditionVerdict({ or: [{ phone: { null: true } }, { confirmed: { eq: true } }] }, nikos, ANNA)).toBeUndefined();
  });
});

describe('mayBeAllowed', () => {
  test('null is no limit, an empty list allows nothing, any condition allows', () => {
    expect(mayBeAllowed(null, nikos, ANNA)).toBe(true);
    expect(mayBeAllowed([], maria, ANNA)).toBe(false);
    expect(mayBeAllowed([{ confirmed: { eq: true } }], nikos, ANNA)).toBe(false);
    expect(mayBeAllowed([{ confirmed: { eq: true } }, { name: { eq: 'Nikos' } }], nikos, ANNA)).toBe(true);
  });

  test('what cannot be told is offered; the server decides', () => {
    expect(mayBeAllowed([{ createdBy: { in: '$myRoles' } }], sunrise, BORIS)).toBe(true);
    expect(mayBeAllowed([{ createdBy: { eq: '$me' } }], sunrise, BORIS)).toBe(false);
  });
});
