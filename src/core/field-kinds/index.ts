import type { FieldDef } from '../shared/resource';
import type { FieldKind } from './kind';
import { boolean } from './boolean/shared';
import { date } from './date/shared';
import { email } from './email/shared';
import { enumKind } from './enum/shared';
import { image } from './image/shared';
import { images } from './images/shared';
import { json } from './json/shared';
import { number } from './number/shared';
import { password } from './password/shared';
import { ref } from './ref/shared';
import { refList } from './refList/shared';
import { richtext } from './richtext/shared';
import { string } from './string/shared';
import { tags } from './tags/shared';
import { text } from './text/shared';

/**
 * The field kinds, by the name declarations use in `type`. A new kind is a
 * folder here (shared.ts, server.ts, admin.tsx) plus one line below and one
 * in each of server/index.ts and admin/index.ts (those registries are typed
 * to require every kind named here).
 */
export const fieldKinds = {
  string,
  text,
  richtext,
  email,
  password,
  boolean,
  number,
  enum: enumKind,
  ref,
  refList,
  tags,
  image,
  date,
  json,
  images,
} as const satisfies Record<string, FieldKind>;

export type FieldType = keyof typeof fieldKinds;

export function kindOf(def: FieldDef): FieldKind {
  return fieldKinds[def.type];
}

export type { FieldKind } from './kind';
