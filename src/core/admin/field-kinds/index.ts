import type { FieldType } from '../../shared/field-kinds';
import type { FieldDef } from '../../shared/resource';
import type { AdminFieldKind } from './kind';
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

/** The admin part of every field kind (src/core/shared/field-kinds names them). */
export const adminKinds: Record<FieldType, AdminFieldKind> = {
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
};

export function adminKindOf(def: FieldDef): AdminFieldKind {
  return adminKinds[def.type];
}

export type { AdminFieldKind } from './kind';
