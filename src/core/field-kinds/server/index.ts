import type { FieldType } from '..';
import type { FieldDef } from '../../shared/resource';
import type { ServerFieldKind } from './kind';
import { boolean } from '../boolean/server';
import { date } from '../date/server';
import { email } from '../email/server';
import { enumKind } from '../enum/server';
import { image } from '../image/server';
import { images } from '../images/server';
import { json } from '../json/server';
import { number } from '../number/server';
import { password } from '../password/server';
import { ref } from '../ref/server';
import { refList } from '../refList/server';
import { richtext } from '../richtext/server';
import { string } from '../string/server';
import { tags } from '../tags/server';
import { text } from '../text/server';

/** The server part of every field kind (src/core/field-kinds/index.ts names them). */
export const serverKinds: Record<FieldType, ServerFieldKind> = {
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

export function serverKindOf(def: FieldDef): ServerFieldKind {
  return serverKinds[def.type];
}

export type { ServerFieldKind } from './kind';
