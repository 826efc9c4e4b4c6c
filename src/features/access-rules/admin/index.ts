/** The back office's part of access rules: what the permission matrix opens. */
export { RuleButton } from './RuleButton';
export { RuleDialog, type RuleTarget } from './RuleDialog';
export { ExplainPanel } from './ExplainPanel';
export { copyRoleAccess, ACCESS_ROUTE, EXPLAIN_ROUTE } from './accessApi';
