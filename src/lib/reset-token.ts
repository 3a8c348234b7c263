/** The reset token from a /reset-password/{token} path (last segment), or null when the path has none. */
export function resetTokenFromPath(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  const at = segments.indexOf('reset-password');
  const token = at === -1 ? undefined : segments[at + 1];
  if (!token || at + 2 !== segments.length) return null;
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}
