import type { Services } from '../../services.js';
import type { SurfaceHandlers } from '../operation-handlers.js';

const READINESS_TIMEOUT_MS = 2_000;

async function checkDatabase(services: Services): Promise<{ ok: boolean; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer within 2 s')), READINESS_TIMEOUT_MS);
    });
    await Promise.race([services.database.check(), timeout]);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

export function systemHandlers(services: Services): SurfaceHandlers<'getHealth' | 'getReadiness'> {
  return {
    getHealth: (_request, response) => {
      response.json({ status: 'ok' });
    },
    getReadiness: async (_request, response) => {
      const database = await checkDatabase(services);
      response
        .status(database.ok ? 200 : 503)
        .json({ status: database.ok ? 'ready' : 'unavailable', checks: { database } });
    },
  };
}
