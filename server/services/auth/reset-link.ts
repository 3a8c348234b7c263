const RESET_PATH = '/reset-password/';

/** The console page that sets a new password with this reset token. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}${RESET_PATH}${token}`;
}

/** The text (e.g. a logged request URL) with every reset token replaced by [redacted]. */
export function redactResetTokens(text: string): string {
  return text.replace(/\/reset-password\/[^/?#\s"'<>]+/g, `${RESET_PATH}[redacted]`);
}
