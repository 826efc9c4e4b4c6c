// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  chooseFile,
  existingEntry,
  hasAllowedExtension,
  newEntry,
  removeFromList,
  toggleRemove,
  toPayload,
} from '../../src/shared/image-entry';

describe('image entry operations (SPEC 4)', () => {
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
