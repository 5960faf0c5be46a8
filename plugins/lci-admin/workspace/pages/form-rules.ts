/** What the pages' forms check before sending (pure; the same rules as the server's schemas). Null: nothing wrong. */

export interface ItemForm {
  moniker: string;
  description: string;
  link_url: string;
  sort: number;
  active_flag: boolean;
}
export function itemProblem(f: ItemForm): string | null {
  if (!f.moniker.trim()) return 'A name is required.';
  if (f.link_url.trim() && !/^\/\S*$/.test(f.link_url.trim()))
    return 'The link must be an in-app path starting with /.';
  return null;
}

export function viewProblem(v: { modules: string[]; icon: string }): string | null {
  if (!v.modules.length) return 'Choose at least one module.';
  if (!/^[a-z0-9-]{1,40}$/.test(v.icon))
    return 'The icon is a Blueprint icon name (lowercase letters, digits and dashes).';
  return null;
}

export function overrideProblem(f: { title: string; sort: string }): string | null {
  if (f.title.trim().length > 80) return 'The title is at most 80 characters.';
  if (f.sort.trim() && (!/^-?\d+$/.test(f.sort.trim()) || Math.abs(Number(f.sort)) > 10000))
    return 'The order is a whole number between -10000 and 10000.';
  return null;
}

export type MessageTarget = 'socket' | 'user' | 'tenant' | 'all';
export function messageProblem(f: { target: MessageTarget; to: string; msg: string }): string | null {
  if (f.target === 'socket' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(f.to.trim()))
    return 'Enter the socket id (pick one in the list below).';
  if ((f.target === 'user' || f.target === 'tenant') && !/^[1-9]\d*$/.test(f.to.trim()))
    return `Enter the ${f.target} id.`;
  if (!f.msg.trim()) return 'A message is required.';
  return null;
}

export function questionProblem(f: { question: string; answer_type: string; choices: string }): string | null {
  if (!f.question.trim()) return 'The question is required.';
  if (f.answer_type === 'choice' && f.choices.split(',').filter((c) => c.trim()).length < 2)
    return 'A choice question needs at least two choices (comma separated).';
  return null;
}

export const codeProblem = (code: string): string | null =>
  /^[A-Za-z0-9_-]{2,40}$/.test(code.trim()) ? null : 'The code is 2 to 40 letters, digits, dashes or underscores.';

/** The typed confirmation matches the tenant's name (case and surrounding spaces ignored), as on the server. */
export const confirms = (typed: string, name: string): boolean =>
  typed.trim().toLowerCase() === name.trim().toLowerCase();
