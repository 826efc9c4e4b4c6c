// Proof that lint enforces the rooms (eslint.config.mjs): each probe is a
// line of code linted as if it stood in a file of one room, and must be
// refused (or, for the allowed ones, pass) for the reason given. A probe that
// lint no longer refuses means the boundary silently went away.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { ESLint } = await import(pathToFileURL(path.join(root, 'tools/lint/node_modules/eslint/lib/api.js')).href);

const REFUSED_ROOM = 'boundaries/element-types';
const REFUSED_PACKAGE = 'no-restricted-imports';
/** [file the code stands in, the import, the rule that must refuse it, or null when it is allowed]. */
const PROBES = [
  ['src/core/site/probe.ts', 'react-admin', REFUSED_PACKAGE],
  ['src/core/site/probe.ts', '@mui/material', REFUSED_PACKAGE],
  ['src/core/web/probe.ts', '@mui/material', REFUSED_PACKAGE],
  ['src/features/invites/site/probe.ts', 'react-admin', REFUSED_PACKAGE],
  ['src/core/admin/probe.ts', '../server/config', REFUSED_ROOM],
  ['src/core/web/probe.ts', '../server/config', REFUSED_ROOM],
  ['src/core/site/probe.ts', '../admin/AdminApp', REFUSED_ROOM],
  ['src/core/server/probe.ts', '../admin/AdminApp', REFUSED_ROOM],
  ['src/core/server/probe.ts', '../site/SiteRoot', REFUSED_ROOM],
  ['src/core/shared/probe.ts', '../server/config', REFUSED_ROOM],
  ['resources/probe.ts', '../src/core/server/config', REFUSED_ROOM],
  ['src/features/invites/admin/probe.ts', '../server/index', REFUSED_ROOM],
  ['src/features/invites/server/probe.ts', '../admin/index', REFUSED_ROOM],
  ['src/features/invites/site/probe.ts', '../admin/index', REFUSED_ROOM],
  ['src/core/field-kinds/string/shared.ts', './server', REFUSED_ROOM],
  ['src/core/field-kinds/string/admin.tsx', './server', REFUSED_ROOM],
  ['src/core/field-kinds/string/server.ts', './admin', REFUSED_ROOM],
  ['src/core/field-kinds/server/probe.ts', '../../admin/AdminApp', REFUSED_ROOM],
  ['src/core/field-kinds/string/admin.tsx', './shared', null],
  ['src/core/field-kinds/string/server.ts', '../server/kind', null],
  ['src/core/admin/probe.ts', '../shared/resource', null],
  ['src/core/site/probe.ts', '../web/session', null],
  ['src/core/server/probe.ts', '../../resources/set', null],
];

const eslint = new ESLint({ cwd: root });
const failures = [];
for (const [file, target, rule] of PROBES) {
  const [result] = await eslint.lintText(`import '${target}';\n`, { filePath: path.join(root, file) });
  const rules = result.messages.map((m) => m.ruleId ?? m.message);
  const refusedBy = rules.filter((r) => r === REFUSED_ROOM || r === REFUSED_PACKAGE);
  if (rule ? !refusedBy.includes(rule) : refusedBy.length > 0)
    failures.push(
      `${file}: import '${target}' ${rule ? `should be refused by ${rule}` : 'should be allowed'}; lint said ${rules.join(', ') || 'nothing'}`,
    );
}
if (failures.length) {
  console.error(`lint probes: the rooms are not enforced as eslint.config.mjs says:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`lint probes: ${PROBES.length} imports refused or allowed as the rooms say.`);
