// Organisation logos: shown over https, with a placeholder when missing or broken (docs/console.md#messages).
import { toHttps } from './avatar.ts';

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A generated SVG data URI: a rounded tile with the organisation's initial. */
export function placeholderLogo(name: string | null | undefined): string {
  const initial = (name ?? '').trim().charAt(0).toUpperCase() || '?';
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">' +
    '<rect width="160" height="160" rx="24" fill="#181f30"/>' +
    '<rect x="1" y="1" width="158" height="158" rx="23" fill="none" stroke="#313b52" stroke-width="2" stroke-dasharray="8 6"/>' +
    '<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#9aa3b9" ' +
    'font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="64" font-weight="600">' +
    `${escapeXml(initial)}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The logo to show: its URL over https, or the placeholder when there is none. */
export function logoSrc(logoUrl: string | null | undefined, name: string | null | undefined): string {
  const url = logoUrl?.trim();
  return url ? toHttps(url) : placeholderLogo(name);
}
