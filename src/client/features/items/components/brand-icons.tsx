// Small brand marks for the share buttons (lucide has no brand icons). Decorative: the buttons
// carry the names.
type IconProps = { size: number };

export function FacebookIcon({ size }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="#1877F2" />
      <path
        fill="#fff"
        d="M17.6 26v-8.4h2.8l.43-3.3H17.6v-2.1c0-.95.27-1.6 1.63-1.6h1.74V7.66A23 23 0 0 0 18.43 7.5c-2.5 0-4.22 1.53-4.22 4.34v2.43H11.4v3.3h2.81V26z"
      />
    </svg>
  );
}

export function XIcon({ size }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      {/* A faint rim keeps the black disc visible on the dark theme. */}
      <circle cx="16" cy="16" r="15.5" fill="#0f0f0f" stroke="#fff" strokeOpacity="0.35" />
      <path
        fill="#fff"
        d="M20.9 8.5h2.6l-5.7 6.5 6.7 8.9h-5.3l-4.1-5.4-4.7 5.4H7.8l6.1-7L7.5 8.5h5.4l3.7 4.9zm-.9 13.8h1.4L12.1 10h-1.6z"
      />
    </svg>
  );
}

export function WhatsAppIcon({ size }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="#25D366" />
      <path
        fill="none"
        stroke="#fff"
        strokeWidth="1.8"
        strokeLinejoin="round"
        d="M16 7.6a8.3 8.3 0 0 0-7.1 12.6L7.8 24.3l4.2-1.1A8.3 8.3 0 1 0 16 7.6z"
      />
      <path
        fill="#fff"
        d="M13.1 11.6c.2 0 .4 0 .5.4l.7 1.7c.1.2 0 .4-.1.6l-.5.6c-.1.1-.2.3 0 .5.5.9 1.2 1.6 2.1 2.1.2.1.4.1.5 0l.6-.7c.2-.2.3-.2.5-.1l1.7.8c.2.1.3.2.3.3 0 .5-.2 1.1-.6 1.4-.5.4-1.2.6-1.9.4a8.6 8.6 0 0 1-4.9-4.4c-.3-.7-.3-1.5.1-2.1.3-.4.6-.6 1-.7z"
      />
    </svg>
  );
}
