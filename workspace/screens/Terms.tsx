/** /terms (public): the Terms of Use (common/terms.ts), linked from the Updated Terms of Use screen. */
import { H2, H4 } from '@blueprintjs/core';
import { TERMS_SECTIONS, TERMS_TITLE, TERMS_UPDATED } from '../../common/terms';
import { AuthFrame } from './AuthFrame';

export default function Terms() {
  return (
    <AuthFrame>
      <article aria-labelledby="terms-title" className="lci-terms">
        <H2 id="terms-title">{TERMS_TITLE}</H2>
        <p className="bp6-text-muted">Last updated {TERMS_UPDATED}</p>
        {TERMS_SECTIONS.map((s) => (
          <section key={s.heading}>
            <H4>{s.heading}</H4>
            <p>{s.text}</p>
          </section>
        ))}
      </article>
    </AuthFrame>
  );
}
