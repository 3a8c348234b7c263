import { useEffect, useState } from 'react';
import { logoSrc, placeholderLogo } from '../../lib/logo.ts';

export interface BankLogoProps {
  logoUrl: string | null | undefined;
  /** The bank's name: its initial is the placeholder, and it names the image. */
  name: string;
  size?: 'md' | 'lg';
}

/** A bank's logo over https, falling back to a lettered placeholder when missing or broken (docs/console.md#messages). */
export default function BankLogo({ logoUrl, name, size = 'md' }: BankLogoProps) {
  const [src, setSrc] = useState(() => logoSrc(logoUrl, name));
  useEffect(() => setSrc(logoSrc(logoUrl, name)), [logoUrl, name]);
  const fallback = placeholderLogo(name);
  return (
    <img
      className={size === 'lg' ? 'bank-logo bank-logo--lg' : 'bank-logo'}
      src={src}
      alt={logoUrl?.trim() ? `${name} logo` : ''}
      width={size === 'lg' ? 64 : 48}
      height={size === 'lg' ? 64 : 48}
      onError={() => {
        if (src !== fallback) setSrc(fallback);
      }}
    />
  );
}
