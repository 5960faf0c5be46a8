/**
 * /reportbuilderpresent?propTemplateId=&vers=(&companyId=): Presentation Mode, full screen without the shell. One
 * component per slide; ArrowRight, PageDown and Space go on, ArrowLeft, PageUp and Shift+Space go back, Home and End
 * jump to the first and last slide, Escape returns to the builder. A counter and a progress bar show the place.
 */
import { Button, NonIdealState, ProgressBar } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { navigate, PageLoadError, PageLoading, useTenant, useTenantFormat } from '../../../workspace/sdk';
import type { RenderedReport } from '../shared/rendered';
import { BlockView } from './blocks/BlockView';
import { builderApi } from './client';
import { leaveUrl, positiveInt as positive, slideFor } from './rules';
import './blocks/blocks.css';
import './present.css';

export default function PresentPage() {
  const tenantId = useTenant()?.tenantId;
  const f = useTenantFormat();
  const q = useMemo(() => new URLSearchParams(window.location.search), []);
  const templateId = positive(q.get('propTemplateId'));
  const vers = positive(q.get('vers')) ?? undefined;
  const companyId = positive(q.get('companyId'));
  const [report, setReport] = useState<RenderedReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [at, setAt] = useState(0);
  const stage = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    if (tenantId == null || templateId == null) return;
    setError(null);
    try {
      setReport(await builderApi.preview(tenantId, templateId, vers, companyId));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [tenantId, templateId, vers, companyId]);
  useEffect(() => {
    void load();
  }, [load]);

  const leave = useCallback(() => void navigate(leaveUrl(window.location.search)), []);

  const count = report?.components.length ?? 0;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Escape always leaves (heard in the capture phase: the toaster's overlay stops it at the document).
      if (e.key === 'Escape') {
        e.preventDefault();
        leave();
        return;
      }
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      // Space and the arrows keep their meaning on the slide's own buttons and links.
      if (e.key === ' ' && target && target.closest('button, a, input, select, textarea')) return;
      const next = slideFor(e.key, e.shiftKey, at, count);
      if (next === null) return;
      e.preventDefault();
      setAt(next);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [at, count, leave]);

  useEffect(() => {
    if (report) stage.current?.focus();
  }, [report]);

  if (templateId == null)
    return (
      <main className="lci-present lci-present-message">
        <NonIdealState
          icon="presentation"
          title="No report chosen"
          description="Open Presentation Mode from a template in the Report Builder."
          action={<Button intent="primary" text="Go to the Report Builder" onClick={leave} />}
        />
      </main>
    );
  if (error)
    return (
      <main className="lci-present lci-present-message">
        <PageLoadError title="The presentation could not be loaded" error={error} retry={load} busy={false} />
        <Button text="Back to the builder" icon="arrow-left" onClick={leave} />
      </main>
    );
  if (!report)
    return (
      <main className="lci-present lci-present-message">
        <PageLoading what="the presentation" />
      </main>
    );

  const slide = report.components[Math.min(at, Math.max(0, count - 1))];
  const heading = report.company_name ? `${report.name} · ${report.company_name}` : report.name;
  return (
    <main
      className="lci-present"
      ref={stage}
      tabIndex={-1}
      aria-roledescription="presentation"
      aria-label={`${heading}. Arrow keys move between slides, Escape leaves.`}
    >
      <header className="lci-present-top">
        <span className="lci-present-title">{heading}</span>
        <span className="bp6-text-muted">{f.date(report.as_of)}</span>
        <Button variant="minimal" icon="cross" text="Exit" title="Leave Presentation Mode (Escape)" onClick={leave} />
      </header>
      {count === 0 ? (
        <NonIdealState
          icon="presentation"
          title="Nothing to present"
          description="This report has no components for this company."
          action={<Button text="Back to the builder" icon="arrow-left" onClick={leave} />}
        />
      ) : (
        <section
          key={slide.component_key}
          className={`lci-present-slide ${slide.needs_attention ? 'lci-needs-attention' : ''}`}
          role="group"
          aria-roledescription="slide"
          aria-label={`Slide ${at + 1} of ${count}: ${slide.title}`}
        >
          <h1 className="bp6-heading">{slide.title}</h1>
          {slide.needs_attention && <p className="lci-present-attention">Needs attention: {slide.needs_attention}</p>}
          <div className="lci-present-body">
            {slide.blocks.map((b, i) => (
              <BlockView key={i} block={b} />
            ))}
          </div>
        </section>
      )}
      <footer className="lci-present-bottom">
        <Button
          variant="minimal"
          icon="chevron-left"
          aria-label="Previous slide"
          disabled={at === 0}
          onClick={() => setAt((a) => Math.max(0, a - 1))}
        />
        <span className="lci-present-counter" aria-live="polite" aria-atomic="true">
          {count === 0 ? '0 / 0' : `${at + 1} / ${count}`}
        </span>
        <Button
          variant="minimal"
          icon="chevron-right"
          aria-label="Next slide"
          disabled={at >= count - 1}
          onClick={() => setAt((a) => Math.min(count - 1, a + 1))}
        />
        <div className="lci-present-progress">
          <ProgressBar
            value={count === 0 ? 0 : (at + 1) / count}
            animate={false}
            stripes={false}
            intent="primary"
            aria-label="Progress"
            aria-valuetext={count === 0 ? 'No slides' : `Slide ${at + 1} of ${count}`}
          />
        </div>
      </footer>
    </main>
  );
}
