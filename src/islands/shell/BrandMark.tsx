import { Icon } from '../ui/icons.tsx';

/** The Payrail logo mark and name. */
export default function BrandMark() {
  return (
    <>
      <span className="brand__mark" aria-hidden="true">
        <Icon size={18} strokeWidth="2.4" d="M4 8h12M4 16h16M14 4l4 4-4 4" />
      </span>
      Payrail
    </>
  );
}
