import type { ResourceDef } from '../../core/shared/resource';

export const MAX_EXPERIENCE_IMAGES = 10;
export const MAX_EXPERIENCE_IMAGE_BYTES = 10 * 1024 * 1024;
export const EXPERIENCE_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** Content items with images, edited on a page of their own. */
export const experiences: ResourceDef = {
  name: 'experiences',
  table: 'experiences',
  api: '/api/auth/experiences',
  path: '/experiences',
  editPath: '/experiences/:id/edit',
  createPath: '/experiences/new',
  menu: { name: 'Experiences', group: 'normal', order: 10, description: 'Content with images', roles: ['admin'] },
  fields: {
    createdAt: { type: 'date', readOnly: true },
    title: { type: 'string', required: true, maxLength: 300 },
    slug: { type: 'string', unique: true, maxLength: 200, slugFrom: 'title' },
    description: { type: 'richtext', maxLength: 200000 },
    tags: { type: 'tags', maxItems: 50 },
    under_review: { type: 'boolean', default: false, column: 'under_review' },
    images: { type: 'images', maxItems: MAX_EXPERIENCE_IMAGES },
    /** Who made it, and who last changed it: "own experiences only" is one access condition. */
    createdBy: { type: 'ref', ref: 'users', readOnly: true, setBy: 'creator', populate: ['name'] },
    updatedBy: { type: 'ref', ref: 'users', readOnly: true, setBy: 'editor', populate: ['name'] },
  },
  search: ['title', 'description', 'tags'],
  sortable: ['createdAt', 'title'],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  list: {
    columns: [{ source: 'createdAt' }, { source: 'images' }, { source: 'title' }, { source: 'tags' }],
    searchPlaceholder: 'resources.experiences.search',
  },
  form: { mode: 'page', fields: ['title', 'slug', 'description', 'tags', 'images', 'under_review'] },
  // Ten images of up to 10 MB each, base64 inside JSON.
  bodyLimit: 150 * 1024 * 1024,
  recordLabel: 'title',
};
