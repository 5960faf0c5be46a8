/** The live password rules of platform.md section 5 under a new-password field: each rule, met or not. */
import { Icon } from '@blueprintjs/core';
import { NEW_PASSWORD_POLICY, passwordRuleStates, type PasswordPolicy } from '../../common/password-rules';

export function PasswordRules({
  value,
  id,
  policy = NEW_PASSWORD_POLICY,
}: {
  value: string;
  id: string;
  policy?: PasswordPolicy;
}) {
  const rules = passwordRuleStates(value, policy);
  return (
    <ul id={id} className="lci-password-rules" aria-label="Password rules">
      {rules.map((r) => (
        <li key={r.id} data-rule={r.id} data-met={r.met} className={r.met ? 'lci-rule-met' : 'lci-rule-unmet'}>
          <Icon icon={r.met ? 'tick' : 'cross'} intent={r.met ? 'success' : 'danger'} size={12} aria-hidden />
          <span>{r.label}</span>
          <span className="bp6-text-muted lci-sr-only">{r.met ? ' (met)' : ' (not met)'}</span>
        </li>
      ))}
    </ul>
  );
}
