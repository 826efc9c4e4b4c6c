// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { existingEntry, newEntry, removeFromList } from '../../../core/shared/image-entry';
import { formatTags, parseTags } from '../admin/tags';
import { activeCount, checkNewFiles, tooManyImages } from '../admin/imageChecks';
import { experienceBody } from '../admin/experienceBody';
import { moveBy, moveById } from '../admin/reorder';
import { relativeTime } from '../admin/relativeTime';
import { editExperienceUrl, publicExperienceUrl } from '../admin/urls';

const MB = 1024 * 1024;
const file = (name: string, size = 1000) => ({ name, size });

describe('tags', () => {
  it('splits on commas, trims and drops empties', () => {
    expect(parseTags(' sea , boats,, dawn ,')).toEqual(['sea', 'boats', 'dawn']);
    expect(parseTags('')).toEqual([]);
    expect(parseTags(' , ,')).toEqual([]);
  });
  it('shows stored tags comma separated', () => {
    expect(formatTags(['a', 'b c'])).toBe('a, b c');
    expect(formatTags(undefined)).toBe('');
  });
});

describe('pre-send image checks', () => {
  it('takes jpg, jpeg and png in any case', () => {
    const { accepted, problems } = checkNewFiles(0, [file('a.JPG'), file('b.jpeg'), file('c.Png')]);
    expect(accepted.map((f) => f.name)).toEqual(['a.JPG', 'b.jpeg', 'c.Png']);
    expect(problems).toEqual([]);
  });
  it('names the file with a wrong extension', () => {
    const { accepted, problems } = checkNewFiles(0, [file('x.gif'), file('noext'), file('ok.png')]);
    expect(accepted.map((f) => f.name)).toEqual(['ok.png']);
    expect(problems).toEqual([
      { key: 'bad_extension', file: 'x.gif' },
      { key: 'bad_extension', file: 'noext' },
    ]);
  });
  it('refuses files over 10 MB, allows exactly 10 MB', () => {
    const { accepted, problems } = checkNewFiles(0, [file('big.png', 10 * MB + 1), file('max.png', 10 * MB)]);
    expect(accepted.map((f) => f.name)).toEqual(['max.png']);
    expect(problems).toEqual([{ key: 'too_large', file: 'big.png' }]);
  });
  it('stops at 10 images, counting those already there', () => {
    const { accepted, problems } = checkNewFiles(8, [file('1.png'), file('2.png'), file('3.png')]);
    expect(accepted.map((f) => f.name)).toEqual(['1.png', '2.png']);
    expect(problems).toEqual([{ key: 'too_many', file: '3.png' }]);
  });
  it('does not count removed images, but an undo can pass the limit again', () => {
    let list = Array.from({ length: 10 }, (_, i) => existingEntry(`id${i}`, `/u/${i}.png`));
    list = removeFromList(list, 'id0');
    expect(activeCount(list)).toBe(9);
    list = [...list, newEntry('data:image/png;base64,AA', 'n.png')];
    expect(tooManyImages(list)).toBe(false);
    list = removeFromList(list, 'id0');
    expect(tooManyImages(list)).toBe(true);
  });
});

describe('request body', () => {
  it('sends trimmed fields, tags as an array and images in display order', () => {
    const a = existingEntry('a', '/uploads/a.png');
    const b = newEntry('data:image/png;base64,BB', 'b.png');
    const body = experienceBody(
      { title: '  Walk ', slug: '', description: '<p>x</p>', tags: 'sea, ,boats', under_review: true },
      moveById([a, b], b.id, a.id),
    );
    expect(body).toEqual({
      title: 'Walk',
      slug: '',
      description: '<p>x</p>',
      tags: ['sea', 'boats'],
      under_review: true,
      images: [
        { id: undefined, operation: 'create', imageData: 'data:image/png;base64,BB', name: 'b.png' },
        { id: 'a', operation: 'keep', imageData: null, name: null },
      ],
    });
  });
  it('treats missing values as empty', () => {
    expect(experienceBody({}, [])).toMatchObject({ title: '', slug: '', description: '', tags: [], under_review: false, images: [] });
  });
});

describe('reorder', () => {
  const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it('moves an item to the place of another', () => {
    expect(moveById(list, 'c', 'a').map((x) => x.id)).toEqual(['c', 'a', 'b']);
    expect(moveById(list, 'a', 'c').map((x) => x.id)).toEqual(['b', 'c', 'a']);
    expect(moveById(list, 'a', 'zz').map((x) => x.id)).toEqual(['a', 'b', 'c']);
  });
  it('nudges by one and stops at the ends', () => {
    expect(moveBy(list, 'b', -1).map((x) => x.id)).toEqual(['b', 'a', 'c']);
    expect(moveBy(list, 'c', 1).map((x) => x.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('urls and times', () => {
  it('views by slug, or by id when there is none', () => {
    expect(publicExperienceUrl({ slug: 'harbour-walk', _id: 'x' })).toBe('/experience/harbour-walk');
    expect(publicExperienceUrl({ slug: '', _id: 'abc' })).toBe('/experience/abc');
    expect(editExperienceUrl('abc')).toBe('/admin/experiences/abc/edit');
  });
  it('says how long ago the list was fetched', () => {
    const now = Date.UTC(2030, 0, 1, 12);
    expect(relativeTime(now - 3000, now, 'en')).toBe('now');
    expect(relativeTime(now - 5 * 60000, now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(now - 2 * 3600000, now, 'en')).toBe('2 hours ago');
    expect(relativeTime(now - 5 * 60000, now, 'el')).toBe('πριν από 5 λεπτά');
  });
});
