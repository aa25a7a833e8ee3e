import { createStore } from './create-store';

/**
 * Whether the server answered the inbox's last read (or its live stream is open): the
 * header's badge says Online or Offline by it. Pages without an inbox leave it as it was.
 */
export const serverReachable = createStore<boolean>(true);
