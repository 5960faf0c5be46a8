/**
 * The Terms of Use (issue 15 part 11: the Updated Terms of Use screen links to them). They live at the public
 * route /terms (workspace/screens/Terms.tsx), reachable before and after sign-in, and are written here once. A
 * deployment replaces the text with its own legal terms; change TERMS_UPDATED with it. Users accept them after
 * sign-in (/userTerms; tenant_users.accept_timestamp).
 */
export const TERMS_PATH = '/terms';
export const TERMS_TITLE = 'Terms of Use';
export const TERMS_UPDATED = '2024-12-10';

export const TERMS_SECTIONS: { heading: string; text: string }[] = [
  {
    heading: '1. The service',
    text: 'Lifecycle is provided to managed service providers (tenants) and the users they invite, to keep records of their client companies, assets, assessments, reviews and customer success, under the subscription their company holds.',
  },
  {
    heading: '2. Your account',
    text: 'Keep your password and second sign-in factor to yourself. You are responsible for what is done with your account; tell your administrator at once if you think someone else has used it.',
  },
  {
    heading: '3. Acceptable use',
    text: 'Use Lifecycle only for the business of your company and its clients. Do not try to reach data of another company, to disturb the service, or to get around its limits and security.',
  },
  {
    heading: '4. Your data',
    text: "Your company's data belongs to your company. It is kept apart from other companies' data, used only to provide the service, and deleted on your company's request at the end of the subscription.",
  },
  {
    heading: '5. Subscriptions',
    text: "Paid modules are used under the plan your company chose, within its company limit. Charges, renewals and cancellations follow your company's subscription.",
  },
  {
    heading: '6. Changes',
    text: 'When these terms change, you are asked to accept the new terms at your next sign-in. If you decline, you are signed out and can ask your administrator for help.',
  },
];
