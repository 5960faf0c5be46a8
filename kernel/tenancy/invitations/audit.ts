/** Audit actions of invitations (kept light: the CLI imports this). Each is written in the inviting tenant. */
export const INVITATION_AUDIT = {
  sent: 'user_manager.invitation.sent',
  accepted: 'user_manager.invitation.accepted',
  declined: 'user_manager.invitation.declined',
  expired: 'user_manager.invitation.expired',
  cancelled: 'user_manager.invitation.cancelled',
} as const;
