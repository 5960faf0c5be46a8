/**
 * The template editor's draft: the template loaded (a version of it), its name, description and content as edited,
 * their problems (the schema and shared/template-rules.ts), and saving it (create, or update: a new version when the
 * content of a version assessments use changes, with its note).
 */
import { useEffect, useMemo, useState } from 'react';
import { api, useDirtyPage } from '../../../../workspace/sdk';
import {
  assessmentPaths,
  templateContent,
  type TemplateAnswer,
  type TemplateContent,
  type TemplateWriteAnswer,
} from '../../shared/api';
import { contentProblems } from '../../shared/template-rules';
import { errorText, ok } from '../ui';
import { clone, EMPTY, type Problem } from './content';
import type { Change } from './ItemEditor';

export function useTemplateDraft({
  tenantId,
  templateId,
  onSaved,
}: {
  tenantId: number;
  /** null: a new template. */
  templateId: number | null;
  onSaved(id: number): void;
}) {
  const [loaded, setLoaded] = useState<TemplateAnswer | null>(null);
  const [viewVersion, setViewVersion] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [content, setContent] = useState<TemplateContent>(EMPTY);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const { dirty, setDirty } = useDirtyPage();

  useEffect(() => {
    if (templateId === null) return;
    let live = true;
    api
      .get<TemplateAnswer>(assessmentPaths.template(tenantId, templateId), {
        query: { templateVersion: viewVersion ?? undefined },
        expect: 'template',
      })
      .then((t) => {
        if (!live) return;
        setLoaded(t);
        setName(t.template.name);
        setDescription(t.template.description);
        setContent(clone(t.content));
        setDirty(false);
      })
      .catch((e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [tenantId, templateId, viewVersion, setDirty]);

  const change: Change = (f) => {
    setContent((c) => {
      const next = clone(c);
      f(next);
      return next;
    });
    setDirty(true);
  };

  const problems = useMemo(() => {
    const parsed = templateContent.safeParse(content);
    const out: Problem[] = [];
    if (!parsed.success) for (const i of parsed.error.issues) out.push({ path: i.path.join('.'), message: i.message });
    else out.push(...contentProblems(parsed.data));
    if (!name.trim()) out.push({ path: 'name', message: 'The template needs a name' });
    return out;
  }, [content, name]);

  /** An older version is shown (read only). */
  const oldVersion = !!loaded && loaded.template_version !== loaded.template.current_version;
  const currentInfo = loaded?.versions.find((v) => v.template_version === loaded.template.current_version);
  /** Assessments use the current version: a change of its content makes a new version. */
  const usedVersion = (currentInfo?.event_count ?? 0) > 0;
  const contentChanged = loaded ? JSON.stringify(loaded.content) !== JSON.stringify(content) : true;

  const save = async () => {
    setTried(true);
    if (problems.length) return;
    setBusy(true);
    try {
      if (templateId === null) {
        const out = await api.post<TemplateWriteAnswer>(
          assessmentPaths.templates(tenantId),
          { name, description, content },
          { expect: 'template' },
        );
        setDirty(false);
        ok(`Created ${name}.`);
        onSaved(out.template.assessment_template_id);
        setLoaded(out);
        setContent(clone(out.content));
      } else {
        const out = await api.put<TemplateWriteAnswer>(
          assessmentPaths.template(tenantId, templateId),
          {
            version: loaded!.template.version,
            name,
            description,
            ...(contentChanged ? { content } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
          },
          { expect: 'template' },
        );
        setDirty(false);
        setLoaded(out);
        setContent(clone(out.content));
        setNote('');
        ok(out.new_version ? `Saved as version ${out.template_version}.` : `Saved ${name}.`);
      }
      setError(null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return {
    loaded,
    name,
    setName: (v: string) => {
      setName(v);
      setDirty(true);
    },
    description,
    setDescription: (v: string) => {
      setDescription(v);
      setDirty(true);
    },
    note,
    setNote,
    content,
    change,
    problems,
    error,
    tried,
    busy,
    dirty,
    oldVersion,
    currentInfo,
    usedVersion,
    contentChanged,
    setViewVersion,
    save,
  };
}
