import { problemOf, type AccessRule, type Condition, type RoleAccess } from '../../../core/shared/access-rules';
import type { ResourceDef } from '../../../core/shared/resource';
import type { ProblemValues, RuleProblemKey } from '../../../core/shared/access-rule-problems';

/** One role's rule for one resource as the dialog edits it: field lists by checkbox, conditions as JSON text. */
export interface RuleDraft {
  readAll: boolean;
  read: string[];
  writeAll: boolean;
  write: string[];
  where: string;
  writeWhere: string;
}

export type DraftPart = 'read' | 'write' | 'where' | 'writeWhere';

/** A problem to show under one part of the dialog (`part` null: the whole rule). */
export interface DraftProblem {
  part: DraftPart | null;
  path: string;
  message: string;
  /** A refused rule's problem (RULE_PROBLEMS) and its values; none for JSON that does not parse. */
  key?: RuleProblemKey;
  values?: ProblemValues;
}

const json = (c: Condition | undefined) => (c === undefined ? '' : JSON.stringify(c, null, 2));

export function draftOf(rule: AccessRule | undefined): RuleDraft {
  return {
    readAll: !rule?.read,
    read: rule?.read ?? [],
    writeAll: !rule?.write,
    write: rule?.write ?? [],
    where: json(rule?.where),
    writeWhere: json(rule?.writeWhere),
  };
}

/** The part of the dialog a problem's path (`resources.users.where.and[0]`) points at. */
export function partOf(path: string, resource: string): DraftPart | null {
  const rest = path.startsWith(`resources.${resource}.`) ? path.slice(`resources.${resource}.`.length) : '';
  const part = /^(read|write|writeWhere|where)\b/.exec(rest)?.[1];
  return (part as DraftPart | undefined) ?? null;
}

function parseCondition(text: string, part: DraftPart, resource: string): Condition | undefined | DraftProblem {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as Condition;
  } catch (e) {
    return { part, path: `resources.${resource}.${part}`, message: e instanceof Error ? e.message : String(e) };
  }
}

const isProblem = (v: unknown): v is DraftProblem => typeof v === 'object' && v !== null && 'part' in v && 'message' in v;

/**
 * All of a role's rules with this resource's replaced by the draft (left out
 * when the draft allows everything), or the first problem: JSON that does not
 * parse, or what `problemOf` refuses, placed under its part.
 */
export function bodyOf(all: RoleAccess, def: ResourceDef, draft: RuleDraft, find: (name: string) => ResourceDef | undefined) {
  const where = parseCondition(draft.where, 'where', def.name);
  if (isProblem(where)) return { problem: where };
  const writeWhere = parseCondition(draft.writeWhere, 'writeWhere', def.name);
  if (isProblem(writeWhere)) return { problem: writeWhere };
  const rule: AccessRule = {
    ...(draft.readAll ? {} : { read: draft.read }),
    ...(draft.writeAll ? {} : { write: draft.write }),
    ...(where === undefined ? {} : { where }),
    ...(writeWhere === undefined ? {} : { writeWhere }),
  };
  const resources = Object.fromEntries(Object.entries(all.resources).filter(([name]) => name !== def.name));
  if (Object.keys(rule).length) resources[def.name] = rule;
  const body: RoleAccess = { resources };
  const problem = problemOf(body, find);
  return problem ? { problem: { ...problem, part: partOf(problem.path, def.name) } } : { body };
}
