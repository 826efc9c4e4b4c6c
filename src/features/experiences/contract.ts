import { UUID_PATTERN } from '../../core/field-kinds/kind';
import { errors } from '../../core/shared/api/errors';
import { operation } from '../../core/shared/api/operation';
import { Type, type TSchema } from '../../core/shared/api/schema';

/** The public page of one experience: its record (built from the declaration) plus where image paths start. */
export const publicExperience = (record: TSchema) =>
  operation({
    operationId: 'getPublicExperience',
    summary: 'One experience for the public site, by slug or id (not while under review)',
    tags: ['experiences'],
    params: Type.Object({ slugOrId: Type.String({ maxLength: 300 }) }),
    response: { 200: record, ...errors(404) },
  });

export const rotateImage = operation({
  operationId: 'rotateExperienceImage',
  summary: 'Rotate one stored experience image a quarter turn',
  tags: ['experiences'],
  body: Type.Object({ id: Type.String({ pattern: UUID_PATTERN }), action: Type.Literal('rotate') }),
  response: {
    200: Type.Object({
      ok: Type.Literal(true),
      id: Type.String(),
      imagePath: Type.String(),
      path: Type.String(),
      thumb: Type.String(),
      thumbUrl: Type.String(),
    }),
    ...errors(404, 413),
  },
});
