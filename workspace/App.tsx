/** App root: jotai store, wouter router on the guarded location, shell routes plus plugin routes. */
import { Provider, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Router, useLocation, useSearch } from 'wouter';
import { CONSENT_RETURN_ROUTE, isConsentReturn } from './consent-return';
import { noTenantStep } from './guard';
import { Dialogs } from './layout/Dialogs';
import { ReconnectingBar } from './layout/ReconnectingBar';
import { Shell } from './layout/Shell';
import { Toasts } from './layout/Toasts';
import { lazyPage, PageLoading, PageSlot } from './lazy-page';
import { landingPath } from './landing';
import { navigate, startNavigation, useNavLocation, useNavReady, useNavSearch } from './nav';
import { findRoute, registerGuardSteps, registerRoutes, type RegisteredRoute } from './registry';
import { startTokenTimer } from './runtime';
import Authed from './screens/Authed';
import Initializer from './screens/Initializer';
import Maintenance from './screens/Maintenance';
import SignIn from './screens/SignIn';
import SignOut from './screens/SignOut';
import UserTerms from './screens/UserTerms';
import { sessionAtom, store } from './state/atoms';
import './plugins';
import './shell-slots';
import { MSG_UNDER_MAINTENANCE } from '../common/texts';

function Home() {
  useEffect(() => {
    void navigate(landingPath(store.get(sessionAtom)), { replace: true });
  }, []);
  return <PageLoading />;
}

export const CORE_ROUTES: RegisteredRoute[] = [
  { path: '/signIn', title: 'Sign in', public: true, layout: 'bare', component: SignIn },
  { path: '/authed', title: 'Signing in', public: true, layout: 'bare', component: Authed },
  { path: '/maintenance', title: MSG_UNDER_MAINTENANCE, public: true, layout: 'bare', component: Maintenance },
  { path: '/signOut', title: 'Signing Out', public: true, layout: 'bare', component: SignOut },
  {
    path: '/confirmMFA',
    title: 'Confirm second step',
    public: true,
    layout: 'bare',
    load: () => import('./screens/ConfirmMFA'),
  },
  {
    path: '/setupMFA',
    title: 'Set up authenticator app',
    public: true,
    layout: 'bare',
    load: () => import('./screens/SetupMFA'),
  },
  {
    path: '/passwordReset',
    title: 'Reset password',
    public: true,
    layout: 'bare',
    load: () => import('./screens/PasswordReset'),
  },
  {
    path: '/confirmPasswordReset',
    title: 'Confirm password reset',
    public: true,
    layout: 'bare',
    load: () => import('./screens/ConfirmPasswordReset'),
  },
  {
    path: '/changePassword',
    title: 'Change password',
    public: true,
    layout: 'bare',
    load: () => import('./screens/ChangePassword'),
  },
  {
    path: '/clients/signin',
    title: 'Client sign in',
    public: true,
    layout: 'bare',
    load: () => import('./screens/ClientSignIn'),
  },
  {
    path: '/confirmSignUp',
    title: 'Confirm sign up',
    public: true,
    layout: 'bare',
    load: () => import('./screens/ConfirmSignUp'),
  },
  {
    path: '/signUpRegisteredUser',
    title: 'Sign up',
    public: true,
    layout: 'bare',
    load: () => import('./screens/SignUpRegisteredUser'),
  },
  {
    path: '/acceptInvitation',
    title: 'Invitation',
    public: true,
    layout: 'bare',
    load: () => import('./screens/AcceptInvitation'),
  },
  { path: '/signUp', title: 'Sign up', public: true, layout: 'bare', load: () => import('./screens/SignUp') },
  {
    path: '/signUp/sp',
    title: 'ScalePad sign in',
    public: true,
    layout: 'bare',
    load: () => import('./screens/ScalePad'),
  },
  {
    path: '/ScalePad',
    title: 'ScalePad sign in',
    public: true,
    layout: 'bare',
    load: () => import('./screens/ScalePad'),
  },
  { path: '/initializer', title: 'Loading', page: false, layout: 'bare', component: Initializer },
  { path: '/terms', title: 'Terms of Use', public: true, layout: 'bare', load: () => import('./screens/Terms') },
  { path: '/userTerms', title: 'Updated Terms of Use', page: false, layout: 'bare', component: UserTerms },
  { path: '/', title: 'Lifecycle', page: false, layout: 'shell', component: Home },
  {
    path: '/dashboard',
    title: 'Dashboard',
    page: '/dashboard',
    neverHide: true,
    layout: 'shell',
    load: () => import('./pages/Dashboard'),
  },
  {
    path: '/noCompanies',
    title: 'No companies',
    page: false,
    layout: 'shell',
    load: () => import('./pages/NoCompanies'),
  },
  {
    path: '/subscriptionViolation',
    title: 'Subscription issue',
    page: false,
    layout: 'shell',
    load: () => import('./pages/SubscriptionViolation'),
  },
  {
    path: '/securitygroups/*',
    title: 'Security Groups',
    page: '/securitygroups',
    requiresAdmin: true,
    layout: 'shell',
    load: () => import('./pages/security-groups/SecurityGroupsPage'),
  },
  {
    path: '/profile',
    title: 'Profile',
    page: '/profile',
    neverHide: true,
    layout: 'shell',
    load: () => import('./pages/profile/ProfilePage'),
  },
  {
    path: '/usermanager',
    title: 'User Manager',
    page: '/usermanager',
    requiresAdmin: true,
    layout: 'shell',
    load: () => import('./pages/user-manager/UserManagerPage'),
  },
];
const NOT_FOUND: RegisteredRoute = {
  path: '*',
  title: 'Page not found',
  page: false,
  layout: 'shell',
  load: () => import('./pages/NotFound'),
};

registerRoutes(CORE_ROUTES);
// Step 12 (user without a tenant) is kernel tenancy: the shell supplies it; plugins supply 13-16.
registerGuardSteps([noTenantStep]);

function Routes() {
  const [path] = useLocation();
  const session = useAtomValue(sessionAtom);
  const search = useSearch();
  const found = findRoute(path);
  const route = found?.route ?? (isConsentReturn(path, search) ? CONSENT_RETURN_ROUTE : NOT_FOUND);
  const Comp = route.component ?? lazyPage(route.load!);
  const page = <PageSlot component={Comp} params={found?.params ?? {}} resetKey={path} />;
  if (route.layout === 'bare' || !session) return page;
  return <Shell>{page}</Shell>;
}

export function App() {
  useEffect(() => {
    startTokenTimer();
    startNavigation();
  }, []);
  const ready = useNavReady();
  return (
    <Provider store={store}>
      <Router hook={useNavLocation} searchHook={useNavSearch}>
        {ready ? <Routes /> : <PageLoading label="Loading Lifecycle" />}
        <Dialogs />
        <Toasts />
        <ReconnectingBar />
      </Router>
    </Provider>
  );
}
