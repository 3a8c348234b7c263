/** The Payrail logo mark and name. */
export default function BrandMark() {
  return (
    <>
      <span className="brand__mark" aria-hidden="true">
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M4 8h12M4 16h16M14 4l4 4-4 4" />
        </svg>
      </span>
      Payrail
    </>
  );
}
