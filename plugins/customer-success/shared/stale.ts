/** The answer of a write naming a version someone else has replaced since (409). */
export const MSG_STALE =
  'This record was changed by someone else since you loaded it. Reload it and apply your change again.';
