/** /signUpSevenFigureMsp: the affiliate sign-up (affiliate code 'sevenfiguremsp', the free affiliate plan, tab 3 Subscription Details). */
import SignUpWizard from './SignUpWizard';
import { SEVEN_FIGURE_MSP } from './selected-plans';

export default function SevenFigureMspSignUp() {
  return <SignUpWizard routeAffiliate={SEVEN_FIGURE_MSP} />;
}
