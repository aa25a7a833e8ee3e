// The operations and types generated from the contract, plus the hand-written helpers.
export * from './generated/index.js';
export type { Client } from './generated/client/index.js';
export { createTempMailClient, type TempMailClientOptions } from './create-client.js';
