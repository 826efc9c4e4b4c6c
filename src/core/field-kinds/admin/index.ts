import type { FieldType } from '..';
import type { FieldDef } from '../../shared/resource';
import type { AdminFieldKind } from './kind';
import { boolean } from '../boolean/admin';
import { date } from '../date/admin';
import { email } from '../email/admin';
import { enumKind } from '../enum/admin';
import { image } from '../image/admin';
import { images } from '../images/admin';
import { json } from '../json/admin';
import { number } from '../number/admin';
import { password } from '../password/admin';
import { ref } from '../ref/admin';
import { refList } from '../refList/admin';
import { richtext } from '../richtext/admin';
import { string } from '../string/admin';
import { tags } from '../tags/admin';
import { text } from '../text/admin';

/** The admin part of every field kind (src/core/field-kinds/index.ts names them). */
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
