/**
 * The stack document of `lci stack export --format json` and `lci stack import FILE` (issue 6 part 6): a tenant's
 * stack catalogue by names, without ids, so it can be read back into the same or another tenant. Pure: the format,
 * its validation (every problem with its path in the document) and the document built from the catalogue.
 *
 * { version: 1, categories: [{ moniker, sort }], tags: [{ moniker, color }], services: [{ moniker, description, sort,
 *   order, category (name | null), tags (names), default* fields, products: [{ moniker, description, calcType,
 *   chargeEstimate, preferredFlag, activeFlag, sort }] }] }   (flags 0|1 as in the API; true/false accepted)
 */
import { z } from 'zod';
import {
  ALIGNMENTS,
  CALC_TYPES,
  COLOUR_PATTERN,
  DESCRIPTION_MAX,
  isChargeEstimate,
  MONIKER_MAX,
  type Alignment,
  type CalcType,
} from './stack-catalogue';

const STACK_DOCUMENT_VERSION = 1;

const name = z
  .string({ error: 'Required (text).' })
  .trim()
  .min(1, 'Required.')
  .max(MONIKER_MAX, `At most ${MONIKER_MAX} characters`);
const text = z.string({ error: 'Must be text' }).max(DESCRIPTION_MAX, `At most ${DESCRIPTION_MAX} characters`);
const flag = z
  .union([z.literal(0), z.literal(1), z.boolean()], { error: 'Must be 0 or 1 (or true/false)' })
  .transform((v) => (v === true || v === 1 ? 1 : 0) as 0 | 1);
const position = z
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .min(0, 'Must be 0 or more')
  .max(1_000_000, 'At most 1000000');
const charge = z
  .number({ error: 'Must be a number' })
  .refine(isChargeEstimate, 'Must be 0 or more, with at most 2 decimals');
const calcType = z.enum(CALC_TYPES, { error: `Must be one of ${CALC_TYPES.join(', ')}` });
const alignment = z.enum(ALIGNMENTS, { error: `Must be one of ${ALIGNMENTS.join(', ')}` });

const productSchema = z.strictObject({
  moniker: name,
  description: text.optional(),
  calcType,
  chargeEstimate: charge,
  preferredFlag: flag.optional(),
  activeFlag: flag.optional(),
  sort: position.optional(),
});

const serviceSchema = z.strictObject({
  moniker: name,
  description: text.optional(),
  sort: position.optional(),
  order: position.optional(),
  category: name.nullable().optional(),
  tags: z.array(name).max(1_000).optional(),
  defaultApplicableFlag: flag.optional(),
  defaultAlignment: alignment.optional(),
  defaultPartOfContractFlag: flag.optional(),
  defaultChargeEstimate: charge.optional(),
  defaultCalcType: calcType.optional(),
  products: z.array(productSchema).max(500).optional(),
});

const stackDocumentSchema = z.strictObject({
  version: z.literal(STACK_DOCUMENT_VERSION, {
    error: `Must be ${STACK_DOCUMENT_VERSION} (the stack document format)`,
  }),
  categories: z
    .array(z.strictObject({ moniker: name, sort: position.optional() }))
    .max(1_000)
    .default([]),
  tags: z
    .array(
      z.strictObject({
        moniker: name,
        color: z.string({ error: 'Must be text' }).trim().regex(COLOUR_PATTERN, 'Must be a colour #rrggbb').optional(),
      }),
    )
    .max(1_000)
    .default([]),
  services: z.array(serviceSchema).max(5_000).default([]),
});

export type StackDocument = z.output<typeof stackDocumentSchema>;

/** A problem of a document: where (dotted path, '' = the document itself) and what. */
export interface StackDocProblem {
  path: string;
  message: string;
}

/** Names compare trimmed and case-insensitively. */
export const nameKey = (s: string): string => s.trim().toLowerCase();

/** Names of the tenant's active categories and stack tags: a service may name them without listing them. */
interface KnownNames {
  categories: Iterable<string>;
  tags: Iterable<string>;
}

type StackDocResult = { ok: true; doc: StackDocument } | { ok: false; problems: StackDocProblem[] };

const pathOf = (p: readonly PropertyKey[]): string => p.map(String).join('.');

function duplicateNames(items: readonly { moniker: string }[], at: string, what: string, out: StackDocProblem[]): void {
  const first = new Map<string, number>();
  items.forEach((x, i) => {
    const k = nameKey(x.moniker);
    const j = first.get(k);
    if (j === undefined) first.set(k, i);
    else out.push({ path: `${at}.${i}.moniker`, message: `${what} "${x.moniker}" appears already at ${at}.${j}` });
  });
}

/**
 * Checks a parsed JSON value as a stack document: the format (zod), then names: categories, tags and services once
 * each, products once per service, and every category and tag a service names listed in the document or one of the
 * tenant's (known). Answers every problem found, or the document.
 */
export function validateStackDocument(
  input: unknown,
  known: KnownNames = { categories: [], tags: [] },
): StackDocResult {
  const parsed = stackDocumentSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => ({
        path: pathOf(i.path),
        message:
          i.code === 'unrecognized_keys'
            ? `Unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.join(', ')}`
            : i.message,
      })),
    };
  }
  const doc = parsed.data;
  const problems: StackDocProblem[] = [];
  duplicateNames(doc.categories, 'categories', 'Category', problems);
  duplicateNames(doc.tags, 'tags', 'Tag', problems);
  duplicateNames(doc.services, 'services', 'Service', problems);
  const categories = new Set([...doc.categories.map((c) => nameKey(c.moniker)), ...[...known.categories].map(nameKey)]);
  const tags = new Set([...doc.tags.map((t) => nameKey(t.moniker)), ...[...known.tags].map(nameKey)]);
  doc.services.forEach((s, i) => {
    const at = `services.${i}`;
    if (s.category && !categories.has(nameKey(s.category)))
      problems.push({
        path: `${at}.category`,
        message: `No category named "${s.category}" in the document or the tenant`,
      });
    (s.tags ?? []).forEach((t, j) => {
      if (!tags.has(nameKey(t)))
        problems.push({ path: `${at}.tags.${j}`, message: `No tag named "${t}" in the document or the tenant` });
    });
    duplicateNames(s.products ?? [], `${at}.products`, 'Product', problems);
  });
  return problems.length ? { ok: false, problems } : { ok: true, doc };
}

/** One problem per line: `path: message` (`(document)` for the whole document). */
export const problemLine = (p: StackDocProblem): string => `${p.path || '(document)'}: ${p.message}`;

// ---- the document built from the catalogue (export) ----

interface CatalogueCategory {
  csStackCategoryId: number;
  moniker: string;
  sort: number;
}
interface CatalogueTag {
  tagId: number;
  moniker: string;
  color: string;
}
interface CatalogueProduct {
  moniker: string;
  description: string;
  calcType: CalcType;
  chargeEstimate: number;
  preferredFlag: 0 | 1;
  activeFlag: 0 | 1;
  sort: number;
}
export interface CatalogueService {
  moniker: string;
  description: string;
  sort: number;
  order: number;
  categoryId: number | null;
  tagIds: number[];
  defaultApplicableFlag: 0 | 1;
  defaultAlignment: Alignment;
  defaultPartOfContractFlag: 0 | 1;
  defaultChargeEstimate: number;
  defaultCalcType: CalcType;
  products: CatalogueProduct[];
}

/**
 * The document of a catalogue (active categories, tags and services, in their list order; every product of a
 * service, those marked for deletion with activeFlag 0). Ids become names; a tag or category not listed is left out.
 */
export function stackDocument(c: {
  categories: readonly CatalogueCategory[];
  tags: readonly CatalogueTag[];
  services: readonly CatalogueService[];
}): StackDocument {
  const categoryName = new Map(c.categories.map((x) => [x.csStackCategoryId, x.moniker]));
  const tagName = new Map(c.tags.map((x) => [x.tagId, x.moniker]));
  return {
    version: STACK_DOCUMENT_VERSION,
    categories: c.categories.map((x) => ({ moniker: x.moniker, sort: x.sort })),
    tags: c.tags.map((x) => ({ moniker: x.moniker, color: x.color })),
    services: c.services.map((s) => ({
      moniker: s.moniker,
      description: s.description,
      sort: s.sort,
      order: s.order,
      category: s.categoryId === null ? null : (categoryName.get(s.categoryId) ?? null),
      tags: s.tagIds
        .map((id) => tagName.get(id))
        .filter((n): n is string => n !== undefined)
        .sort((a, b) => a.localeCompare(b)),
      defaultApplicableFlag: s.defaultApplicableFlag,
      defaultAlignment: s.defaultAlignment,
      defaultPartOfContractFlag: s.defaultPartOfContractFlag,
      defaultChargeEstimate: s.defaultChargeEstimate,
      defaultCalcType: s.defaultCalcType,
      products: s.products.map((p) => ({
        moniker: p.moniker,
        description: p.description,
        calcType: p.calcType,
        chargeEstimate: p.chargeEstimate,
        preferredFlag: p.preferredFlag,
        activeFlag: p.activeFlag,
        sort: p.sort,
      })),
    })),
  };
}
