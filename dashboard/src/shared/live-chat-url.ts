/**
 * A chat provider's page, when the operator configured one (`VITE_LIVE_CHAT_URL` at build
 * time): only then do the footer and the contact page offer live chat.
 */
export const LIVE_CHAT_URL: string | undefined = import.meta.env.VITE_LIVE_CHAT_URL || undefined;
