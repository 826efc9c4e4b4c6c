// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  chooseFile,
  existingEntry,
  hasAllowedExtension,
  hasPendingChanges,
  newEntry,
  removeFromList,
  toggleRemove,
  toPayload,
} from '../../src/core/shared/image-entry';

describe('image entry operations', () => {
  it('a new entry starts as create', () => {
    expect(newEntry('data:image/png;base64,AA', 'a.png').operation).toBe('create');
  });

  it('choosing a file turns keep into update', () => {
    const e = chooseFile(existingEntry('1', '/uploads/x.png'), 'data:image/png;base64,AA', 'b.png');
    expect(e).toMatchObject({ id: '1', operation: 'update', imageData: 'data:image/png;base64,AA', name: 'b.png' });
  });

  it('choosing another file for a create entry keeps it create', () => {
    expect(chooseFile(newEntry('d1', 'a.png'), 'd2', 'c.png')).toMatchObject({ operation: 'create', imageData: 'd2' });
  });

  it('remove drops a create entry', () => {
    expect(toggleRemove(newEntry('d', 'a.png'))).toBeNull();
    const list = [newEntry('d', 'a.png'), existingEntry('2', '/p')];
    expect(removeFromList(list, list[0].id).map((e) => e.id)).toEqual(['2']);
  });

  it('remove on keep or update becomes remove', () => {
    expect(toggleRemove(existingEntry('1', '/p'))?.operation).toBe('remove');
    expect(toggleRemove(chooseFile(existingEntry('1', '/p'), 'd', 'x.png'))?.operation).toBe('remove');
  });

  it('remove pressed on remove goes back to update', () => {
    const removed = toggleRemove(existingEntry('1', '/p'))!;
    expect(toggleRemove(removed)?.operation).toBe('update');
  });

  it('the payload carries ids of existing images only and data only where it changes', () => {
    const list = [existingEntry('1', '/p'), newEntry('data:new', 'n.png'), toggleRemove(existingEntry('2', '/q'))!];
    expect(toPayload(list)).toEqual([
      { id: '1', operation: 'keep', imageData: null, name: null },
      { id: undefined, operation: 'create', imageData: 'data:new', name: 'n.png' },
      { id: '2', operation: 'remove', imageData: null, name: null },
    ]);
  });

  it('accepts jpg, jpeg and png in any case, nothing else', () => {
    expect(['a.jpg', 'b.JPEG', 'c.Png'].map(hasAllowedExtension)).toEqual([true, true, true]);
    expect(['d.gif', 'e.svg', 'png', 'f.png.exe'].map(hasAllowedExtension)).toEqual([false, false, false, false]);
  });
});

describe('pending changes', () => {
  const saved = [existingEntry('1', '/a'), existingEntry('2', '/b')];
  const ids = ['1', '2'];

  it('none while every saved picture is kept in its place, rotated or not', () => {
    expect(hasPendingChanges(ids, saved)).toBe(false);
    expect(hasPendingChanges(ids, [saved[0], { ...saved[1], imagePath: '/b-rotated' }])).toBe(false);
  });

  it('an added, replaced or removed picture, or a new order, is pending', () => {
    expect(hasPendingChanges(ids, [...saved, newEntry('d', 'c.png')])).toBe(true);
    expect(hasPendingChanges(ids, [chooseFile(saved[0], 'd', 'x.png'), saved[1]])).toBe(true);
    expect(hasPendingChanges(ids, removeFromList(saved, '2'))).toBe(true);
    expect(hasPendingChanges(ids, [saved[1], saved[0]])).toBe(true);
    expect(hasPendingChanges([], [])).toBe(false);
  });
});
