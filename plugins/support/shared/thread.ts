/**
 * The conversation of a request: support's answers and the tenant's replies in the order they were written, each
 * saying who wrote it. Pure: both pages show it.
 */
import type { Answer, Attachment, Reply, SupportRequest } from './api';
import type { RequestStatus } from './rules';

export type ThreadEntry =
  | {
      kind: 'answer';
      key: string;
      body: string;
      by: string;
      created_at: string;
      /** The status support set with the answer. */
      status: RequestStatus;
      attachments: Attachment[];
    }
  | { kind: 'reply'; key: string; body: string; by: string; created_at: string; attachments: Attachment[] };

const fromAnswer = (a: Answer): ThreadEntry => ({
  kind: 'answer',
  key: `a${a.answer_id}`,
  body: a.body,
  by: a.answered_by,
  created_at: a.created_at,
  status: a.status,
  attachments: [],
});
const fromReply = (r: Reply): ThreadEntry => ({
  kind: 'reply',
  key: `r${r.reply_id}`,
  body: r.body,
  by: r.written_by,
  created_at: r.created_at,
  attachments: r.attachments,
});

/** Answers and replies by time written (an answer first when both have the same time; else the list's order). */
export function threadOf(r: Pick<SupportRequest, 'answers' | 'replies'>): ThreadEntry[] {
  const entries = [...r.answers.map(fromAnswer), ...r.replies.map(fromReply)];
  return entries
    .map((e, i) => ({ e, i, t: Date.parse(e.created_at) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map(({ e }) => e);
}
