/**
 * /signUpWithTenant (selPlanId, selProductId, cart, autofillSSOData, affiliate) and, through
 * SevenFigureMspSignUp, /signUpSevenFigureMsp: the sign-up wizard (platform.md 2.3, 4.4, 5, 8).
 *
 * Tabs 1 User Details, 2 Account Details, 3 Subscription Details (affiliate only); only the active
 * tab is enabled; Prev goes back. Next on tab 1 checks the fields and runs dupUserCheck (a failed
 * check counts as existing; a recovery URL is followed); Next on tab 2 runs dupTenantCheck (a failed
 * check counts 99 and blocks). Finish creates the identity user and the tenant once (finish.ts) and
 * goes to the checkout, or to /confirmSignUp when the result is a subscription.
 */
import { MSG_EXTERNAL_NO_SUBSCRIPTION } from '../../../../common/texts';
import { Callout, H2, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useMemo, useRef, useState } from 'react';
import { api, ApiError, navigate } from '../../../../workspace/sdk';
import type { z } from 'zod';
import type { dupTenantAnswer, dupUserAnswer } from '../../shared/api';
import { readCart } from '../cart-store';
import { AccountDetailsTab } from './AccountDetailsTab';
import { parseAutofillSSOData } from './autofill';
import { emailDomainOf, guessCompanyName, websiteFor } from './domains';
import { finishSignup, SignupError } from './finish';
import { clearProgress, readLatestProgress, readProgress, writeProgress } from './progress';
import {
  accountDetailsErrors,
  duplicateTenantMessages,
  hasErrors,
  MSG_CHECKOUT_CANCELED,
  MSG_CREATING,
  MSG_NO_PLAN,
  MSG_NO_SUBSCRIPTION_NOTE,
  msgUserExists,
  finishErrorMessage,
  userDetailsErrors,
  type AccountDetails,
  type UserDetails,
} from '../../shared/signup-rules';
import { affiliateCode, planCurrencyFor, selectedPlanIds } from './selected-plans';
import { SelectedPlansPanel } from './SelectedPlansPanel';
import { SubscriptionDetailsTab } from './SubscriptionDetailsTab';
import { useFlatPlans } from './use-flat-plans';
import { useGeo } from './use-geo';
import { UserDetailsTab } from './UserDetailsTab';
import { WizardFrame } from './WizardFrame';
import './signup.css';

type TabId = 'user' | 'account' | 'subscription';
type DupUserAnswer = z.infer<typeof dupUserAnswer>;
type DupTenantAnswer = z.infer<typeof dupTenantAnswer>;

const post = <T,>(path: string, body: unknown) => api.post<T>(path, body, { public: true });

export default function SignUpWizard({
  routeAffiliate = null,
}: {
  routeAffiliate?: string | null;
  params?: Record<string, string>;
}) {
  const query = useMemo(() => new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search), []);
  const autofill = useMemo(() => parseAutofillSSOData(query.get('autofillSSOData')), [query]);
  const external = autofill !== null;
  const affiliate = affiliateCode(routeAffiliate, query.get('affiliate'));

  // Back from a canceled checkout (?canceled=true): the fields of the sign-up in progress, at its last tab.
  const resumed = useMemo(() => {
    const latest = query.get('canceled') === 'true' ? readLatestProgress() : null;
    return latest?.tenant && latest.draft ? latest.draft : null;
  }, [query]);
  const [tab, setTab] = useState<TabId>(resumed ? (affiliate ? 'subscription' : 'account') : 'user');
  const [user, setUser] = useState<UserDetails>(
    resumed
      ? { ...resumed.user, password: '' }
      : {
          firstName: autofill?.firstName ?? '',
          lastName: autofill?.lastName ?? '',
          email: autofill?.email ?? '',
          phone: autofill?.phone ?? '',
          password: '',
        },
  );
  const [account, setAccount] = useState<AccountDetails>(
    resumed ? resumed.account : { companyName: '', emailDomain: '', website: '' },
  );
  const edited = useRef({ companyName: !!resumed, emailDomain: !!resumed, website: !!resumed });
  const [userTouched, setUserTouched] = useState(false);
  const [accountTouched, setAccountTouched] = useState(false);
  const [duplicateUser, setDuplicateUser] = useState<string[]>([]);
  const [tenantWarning, setTenantWarning] = useState<string[]>([]);
  const [busy, setBusy] = useState<'check' | 'finish' | null>(null);
  const busyRef = useRef(false);
  const [finishError, setFinishError] = useState<string | null>(null);
  const [region, setRegion] = useState<string | null>(null);

  const { geo } = useGeo();
  const flat = useFlatPlans();
  const currency = planCurrencyFor(geo.currency_code);
  const planIds = useMemo(
    () =>
      flat.plans
        ? selectedPlanIds(
            { cart: query.get('cart'), selPlanId: query.get('selPlanId'), selProductId: query.get('selProductId') },
            flat.plans,
            { currency, storedCart: readCart().planIds, affiliate },
          )
        : [],
    [flat.plans, query, currency, affiliate],
  );
  const selected = useMemo(
    () => planIds.map((id) => flat.plans!.find((p) => p.stripe_plan_id === id)!),
    [planIds, flat.plans],
  );

  const identityCreated = readProgress(user.email).identityCreated;
  const userErrors = userTouched ? userDetailsErrors(user, external, identityCreated) : {};
  const accountErrors = accountTouched ? accountDetailsErrors(account) : {};

  async function run(kind: 'check' | 'finish', fn: () => Promise<void>) {
    if (busyRef.current) return; // repeat clicks are ignored while one is in progress
    busyRef.current = true;
    setBusy(kind);
    try {
      await fn();
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  }

  /** Tab 2 with the e-mail domain, website and company name filled in from the e-mail (unless edited). */
  function goToAccount() {
    const domain = emailDomainOf(user.email);
    setAccount((a) => ({
      emailDomain: edited.current.emailDomain ? a.emailDomain : domain,
      website: edited.current.website ? a.website : websiteFor(edited.current.emailDomain ? a.emailDomain : domain),
      companyName: edited.current.companyName ? a.companyName : autofill?.companyName || guessCompanyName(domain),
    }));
    setTab('account');
  }

  function changeAccount(next: AccountDetails) {
    for (const k of ['companyName', 'emailDomain', 'website'] as const)
      if (next[k] !== account[k]) edited.current[k] = true;
    // The website follows the domain until it is edited.
    if (next.emailDomain !== account.emailDomain && !edited.current.website)
      next = { ...next, website: websiteFor(next.emailDomain.trim().toLowerCase()) };
    setAccount(next);
    setTenantWarning([]);
  }

  function changeUser(next: UserDetails) {
    setUser(next);
    if (next.email !== user.email) setDuplicateUser([]);
  }

  const inProgress = () => {
    const p = readProgress(user.email);
    return p.identityCreated || p.tenant !== null;
  };

  function nextFromUser() {
    setUserTouched(true);
    setFinishError(null);
    if (hasErrors(userDetailsErrors(user, external, identityCreated))) return;
    void run('check', async () => {
      if (inProgress()) {
        goToAccount();
        return;
      } // our own sign-up, started earlier: not a duplicate
      let r: DupUserAnswer;
      try {
        r = await post<DupUserAnswer>('/v3/manager/account/signup', {
          operation: 'dupUserCheck',
          payload: { userEmail: user.email.trim() },
        });
      } catch {
        r = { recoveryUrl: null, userExists: true, userHasSubscriptionUser: true }; // a failed check counts as existing
      }
      if (r.recoveryUrl) {
        window.location.assign(r.recoveryUrl);
        await new Promise(() => undefined);
      }
      if (r.userExists && !(external && !r.userHasSubscriptionUser)) {
        setDuplicateUser([
          msgUserExists(user.email.trim()),
          ...(r.userHasSubscriptionUser ? [] : [MSG_NO_SUBSCRIPTION_NOTE]),
        ]);
        return;
      }
      setDuplicateUser([]);
      goToAccount();
    });
  }

  function nextFromAccount() {
    setAccountTouched(true);
    setFinishError(null);
    if (hasErrors(accountDetailsErrors(account))) return;
    void run('check', async () => {
      if (readProgress(user.email).tenant === null) {
        let c: DupTenantAnswer;
        try {
          c = await post<DupTenantAnswer>('/v3/manager/account/signup', {
            operation: 'dupTenantCheck',
            payload: { emailDomain: account.emailDomain.trim(), companyName: account.companyName.trim() },
          });
        } catch {
          c = { countEmailDomain: 99, countCompanyName: 99 }; // a failed check blocks
        }
        const warning = duplicateTenantMessages(c);
        setTenantWarning(warning);
        if (warning.length) return;
      }
      if (affiliate) {
        setTab('subscription');
        return;
      }
      await finish();
    });
  }

  async function finish() {
    setFinishError(null);
    if (!selected.length) {
      setFinishError(MSG_NO_PLAN);
      return;
    }
    setBusy('finish');
    try {
      const outcome = await finishSignup(
        {
          user,
          account,
          external,
          affiliate,
          planIds,
          userGeo: { ...geo, user_selected_region: region },
          signupSource: routeAffiliate ? 'signUpSevenFigureMsp' : 'signUpWithTenant',
        },
        { post, readProgress: (email) => readProgress(email), writeProgress: (p) => writeProgress(p) },
      );
      if (outcome.kind === 'checkout') {
        window.location.assign(outcome.url);
        await new Promise(() => undefined); // stays busy while the browser leaves
      }
      clearProgress();
      await navigate(`/confirmSignUp?${new URLSearchParams({ username: user.email.trim() }).toString()}`);
    } catch (err) {
      // An external-provider user whose company exists without a subscription (platform.md 8): sign in again.
      if (external && err instanceof ApiError && err.code === 'UserHasTenantException')
        return setFinishError(MSG_EXTERNAL_NO_SUBSCRIPTION);
      // The server's (or the payment provider's) message; other failures (network) the general one.
      setFinishError(finishErrorMessage(err, err instanceof ApiError || err instanceof SignupError));
    }
  }

  const finishing = busy === 'finish';
  return (
    <WizardFrame region={region} onRegion={setRegion}>
      <H2 className="lci-auth-title">{affiliate ? 'Affiliate sign up' : 'Sign up'}</H2>
      <div className="lci-signup-body">
        <div className="lci-signup-steps">
          <Tabs
            id="signup-tabs"
            selectedTabId={tab}
            onChange={(id) => setTab(id as TabId)}
            large
            renderActiveTabPanelOnly
          >
            <Tab
              id="user"
              title="1 User Details"
              disabled={tab !== 'user'}
              panel={
                <UserDetailsTab
                  value={user}
                  errors={userErrors}
                  external={external}
                  askPassword={!external && !identityCreated}
                  busy={busy === 'check'}
                  duplicate={duplicateUser}
                  onChange={changeUser}
                  onNext={nextFromUser}
                />
              }
            />
            <Tab
              id="account"
              title="2 Account Details"
              disabled={tab !== 'account'}
              panel={
                <AccountDetailsTab
                  value={account}
                  errors={accountErrors}
                  busy={busy !== null}
                  last={!affiliate}
                  warning={tenantWarning}
                  onChange={changeAccount}
                  onPrev={() => setTab('user')}
                  onNext={nextFromAccount}
                />
              }
            />
            {affiliate && (
              <Tab
                id="subscription"
                title="3 Subscription Details"
                disabled={tab !== 'subscription'}
                panel={
                  <SubscriptionDetailsTab
                    affiliate={affiliate}
                    plans={selected}
                    currency={selected[0]?.plan_currency ?? currency}
                    busy={finishing}
                    onPrev={() => setTab('account')}
                    onFinish={() => void run('finish', finish)}
                  />
                }
              />
            )}
          </Tabs>
          {resumed && !finishError && !finishing && (
            <Callout intent="warning" role="status" className="lci-auth-status">
              {MSG_CHECKOUT_CANCELED}
            </Callout>
          )}
          {finishing && (
            <Callout
              intent="primary"
              role="status"
              className="lci-auth-status lci-signup-creating"
              icon={<Spinner size={16} />}
            >
              {MSG_CREATING}
            </Callout>
          )}
          {finishError && (
            <Callout intent="danger" role="alert" className="lci-auth-status">
              {finishError}
            </Callout>
          )}
        </div>
        <SelectedPlansPanel
          plans={flat.plans ? selected : null}
          error={flat.error}
          onRetry={flat.retry}
          onChoose={() => void navigate('/plans')}
        />
      </div>
      <p className="lci-space-top">
        Already have an account? <a href="/signIn">Sign in</a>
      </p>
    </WizardFrame>
  );
}
