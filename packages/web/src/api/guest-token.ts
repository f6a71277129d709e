// The embedded page's guest token: handed over by the host page (embedding SDK), sent as X-GuestToken on every call.
let guestToken: string | null = null;

/** Set by the embedded page; a new token (the SDK refreshes it before it expires) replaces the old one in place. */
export function setGuestToken(token: string | null): void {
  guestToken = token;
}

export function getGuestToken(): string | null {
  return guestToken;
}
