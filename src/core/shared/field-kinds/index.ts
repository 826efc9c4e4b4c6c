import type { FieldDef } from '../resource';
import type { FieldKind } from './kind';
import { boolean } from './boolean';
import { date } from './date';
import { email } from './email';
import { enumKind } from './enum';
import { image } from './image';
import { images } from './images';
import { json } from './json';
import { number } from './number';
import { password } from './password';
import { ref } from './ref';
import { refList } from './refList';
import { richtext } from './richtext';
import { string } from './string';
import { tags } from './tags';
import { text } from './text';

/**
 * The field kinds, by the name declarations use in `type`. A new kind is a
 * module here plus one line below, and one module and line in each of
 * src/core/server/field-kinds and src/core/admin/field-kinds (their registries are
 * typed to require every kind named here).
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
