import { useEffect, useState } from 'react';
import { avatarSrc, placeholderAvatar } from '../../lib/avatar.ts';

export interface AvatarProps {
  src: string | null | undefined;
  /** E-mail (or name) whose first letter the placeholder shows. */
  email: string | null | undefined;
  size?: 'sm' | 'md';
}

/** A user's picture over https, falling back to the lettered placeholder when missing or broken. */
export default function Avatar({ src, email, size = 'md' }: AvatarProps) {
  const [url, setUrl] = useState(() => avatarSrc(src, email));
  useEffect(() => setUrl(avatarSrc(src, email)), [src, email]);
  const fallback = placeholderAvatar(email);
  return (
    <img
      className={size === 'sm' ? 'avatar avatar--sm' : 'avatar'}
      src={url}
      alt=""
      onError={() => {
        if (url !== fallback) setUrl(fallback);
      }}
    />
  );
}
