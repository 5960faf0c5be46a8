/** Tab 1 User Details: names, e-mail, phone, password with the live rules (external-identity users: no password). */
import { Button, Callout } from '@blueprintjs/core';
import { PasswordRules } from '../../../../workspace/sdk';
import type { Errors, UserDetails } from '../../shared/signup-rules';
import { TextField } from './TextField';

export interface UserDetailsTabProps {
  value: UserDetails;
  errors: Errors<UserDetails>;
  external: boolean;
  /** False for external identities and once this sign-up's identity user exists. */
  askPassword: boolean;
  busy: boolean;
  /** 'User Email Already Exists: ...' and the note, when the duplicate-user check found the user. */
  duplicate: string[];
  onChange(next: UserDetails): void;
  onNext(): void;
}

export function UserDetailsTab({
  value,
  errors,
  external,
  askPassword,
  busy,
  duplicate,
  onChange,
  onNext,
}: UserDetailsTabProps) {
  const set = (k: keyof UserDetails) => (v: string) => onChange({ ...value, [k]: v });
  return (
    <form
      noValidate
      aria-label="User Details"
      onSubmit={(e) => {
        e.preventDefault();
        onNext();
      }}
    >
      <div className="lci-signup-pair">
        <TextField
          id="signup-first"
          label="First name"
          value={value.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
          autoComplete="given-name"
          autoFocus
        />
        <TextField
          id="signup-last"
          label="Last name"
          value={value.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
          autoComplete="family-name"
        />
      </div>
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        value={value.email}
        onChange={set('email')}
        error={errors.email}
        autoComplete="email"
        disabled={external}
      />
      <TextField
        id="signup-phone"
        label="Phone"
        type="tel"
        value={value.phone}
        onChange={set('phone')}
        error={errors.phone}
        autoComplete="tel"
        optional
      />
      {askPassword && (
        <>
          <TextField
            id="signup-password"
            label="Password"
            type="password"
            value={value.password}
            onChange={set('password')}
            error={errors.password}
            autoComplete="new-password"
          />
          <PasswordRules id="signup-password-rules" value={value.password} />
        </>
      )}
      {duplicate.length > 0 && (
        <Callout intent="danger" role="alert" className="lci-auth-status" data-testid="signup-duplicate-user">
          {duplicate.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Callout>
      )}
      <div className="lci-signup-actions">
        <Button type="submit" intent="primary" size="large" text="Next" endIcon="arrow-right" loading={busy} />
      </div>
    </form>
  );
}
