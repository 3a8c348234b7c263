/** The upper-cased first letter of an e-mail (or name), '?' when empty. */
export function avatarInitial(email: string | null | undefined): string {
  const first = (email ?? '').trim().charAt(0);
  return first ? first.toUpperCase() : '?';
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A generated SVG data URI showing the initial of `email`, used when there is no usable avatar. */
export function placeholderAvatar(email: string | null | undefined): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    '<rect width="64" height="64" rx="32" fill="#3b3f8f"/>' +
    '<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#ffffff" ' +
    'font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="28" font-weight="600">' +
    `${escapeXml(avatarInitial(email))}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Upgrades http:// image URLs to https:// so they load on a secure page; others pass unchanged. */
export function toHttps(url: string): string {
  return url.replace(/^http:\/\//i, 'https://');
}

/** The image to show for a user: their avatar over https, or the placeholder when they have none. */
export function avatarSrc(avatar: string | null | undefined, email: string | null | undefined): string {
  const url = avatar?.trim();
  return url ? toHttps(url) : placeholderAvatar(email);
}
