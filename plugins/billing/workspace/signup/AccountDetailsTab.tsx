/** Tab 2 Account Details: company, e-mail domain, website (optional); the duplicate-tenant warning. */
import { Button, Callout } from '@blueprintjs/core';
import type { AccountDetails, Errors } from '../../shared/signup-rules';
import { TextField } from './TextField';

export interface AccountDetailsTabProps {
  value: AccountDetails;
  errors: Errors<AccountDetails>;
  busy: boolean;
  /** Finish here, or Next to Subscription Details (affiliate sign-up). */
  last: boolean;
  warning: string[];
  onChange(next: AccountDetails): void;
  onPrev(): void;
  onNext(): void;
}

export function AccountDetailsTab({
  value,
  errors,
  busy,
  last,
  warning,
  onChange,
  onPrev,
  onNext,
}: AccountDetailsTabProps) {
  const set = (k: keyof AccountDetails) => (v: string) => onChange({ ...value, [k]: v });
  return (
    <form
      noValidate
      aria-label="Account Details"
      onSubmit={(e) => {
        e.preventDefault();
        onNext();
      }}
    >
      <TextField
        id="signup-company"
        label="Company name"
        value={value.companyName}
        onChange={set('companyName')}
        error={errors.companyName}
        autoComplete="organization"
        autoFocus
      />
      <TextField
        id="signup-domain"
        label="Email domain"
        value={value.emailDomain}
        onChange={set('emailDomain')}
        error={errors.emailDomain}
      />
      <TextField
        id="signup-website"
        label="Website"
        type="url"
        value={value.website}
        onChange={set('website')}
        error={errors.website}
        autoComplete="url"
        optional
      />
      {warning.length > 0 && (
        <Callout intent="warning" role="alert" className="lci-auth-status" data-testid="signup-duplicate-tenant">
          {warning.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Callout>
      )}
      <div className="lci-signup-actions">
        <Button size="large" text="Prev" icon="arrow-left" onClick={onPrev} disabled={busy} />
        <Button
          type="submit"
          intent="primary"
          size="large"
          text={last ? 'Finish' : 'Next'}
          endIcon={last ? undefined : 'arrow-right'}
          loading={busy}
        />
      </div>
    </form>
  );
}
