/**
 * The take view's outline: answered / total overall and per category; the current category lists its questions
 * (answered, flagged); a category opens its first question.
 */
import { Icon, ProgressBar } from '@blueprintjs/core';
import type { Answer, TemplateContent } from '../../shared/api';
import { isAnswered } from '../../shared/scoring';

interface Flat {
  section_key: string;
  category_key: string;
  question: { key: string };
}

export function Outline({
  content,
  flat,
  answers,
  index,
  go,
}: {
  content: TemplateContent;
  /** Every question in order, with its section and category. */
  flat: Flat[];
  answers: Record<string, Answer>;
  /** The current question's place in `flat`. */
  index: number;
  go(index: number): void;
}) {
  const current = flat[index];
  const answeredIn = (keys: string[]) => keys.filter((k) => isAnswered(answers[k])).length;
  return (
    <nav className="lci-as-outline" aria-label="Outline">
      <div className="lci-as-progress">
        <div>
          <b>{answeredIn(flat.map((x) => x.question.key))}</b> of {flat.length} answered
        </div>
        <ProgressBar
          value={flat.length ? answeredIn(flat.map((x) => x.question.key)) / flat.length : 0}
          stripes={false}
          intent="success"
          aria-label="Overall progress"
        />
      </div>
      {content.sections.map((s) => (
        <div key={s.key} className="lci-as-outline-section">
          <div className="lci-as-outline-title">{s.title}</div>
          <ul>
            {s.categories.map((c) => {
              const keys = c.questions.map((x) => x.key);
              const first = flat.findIndex((x) => x.section_key === s.key && x.category_key === c.key);
              const here = current.section_key === s.key && current.category_key === c.key;
              const done = answeredIn(keys);
              return (
                <li key={c.key}>
                  <button
                    type="button"
                    className={`lci-as-outline-cat ${here ? 'lci-as-here' : ''}`}
                    aria-current={here ? 'true' : undefined}
                    disabled={first < 0}
                    onClick={() => go(first)}
                  >
                    <span>{c.title}</span>
                    <span className={done === keys.length && keys.length ? 'lci-as-done' : 'lci-as-muted'}>
                      {done}/{keys.length}
                    </span>
                  </button>
                  {here && (
                    <ol className="lci-as-outline-questions">
                      {c.questions.map((x) => {
                        const i = flat.findIndex((f) => f.question.key === x.key);
                        return (
                          <li key={x.key}>
                            <button
                              type="button"
                              className={i === index ? 'lci-as-here' : ''}
                              aria-current={i === index ? 'step' : undefined}
                              onClick={() => go(i)}
                              title={x.text}
                            >
                              {isAnswered(answers[x.key]) ? (
                                <Icon icon="tick" size={12} className="lci-as-done" aria-label="answered" />
                              ) : (
                                <Icon icon="circle" size={12} className="lci-as-muted" aria-label="not answered" />
                              )}{' '}
                              {answers[x.key]?.finding && <Icon icon="flag" size={12} intent="warning" />}
                              <span className="lci-as-ellipsis">{x.text}</span>
                            </button>
                          </li>
                        );
                      })}
                    </ol>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
