import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError } from './exit-codes.js';

/** The mailbox commands read by default: the one `new` made or `login` stored. */
export interface StoredMailbox {
  address: string;
  token: string;
  expiresAt: string;
}

/** What is stored for one server. Tokens are kept per server so none is ever sent to another. */
export interface ServerCredentials {
  /** A Pro API token (`tm_…`) from `login`. */
  apiToken?: string;
  mailbox?: StoredMailbox;
}

interface ConfigFile {
  servers: Record<string, ServerCredentials>;
}

/**
 * Where the config lives: `$TEMPMAIL_CONFIG_DIR`, else `$XDG_CONFIG_HOME/tempmail`, else
 * `~/.config/tempmail` (the XDG Base Directory default).
 */
export function configDirectory(env: NodeJS.ProcessEnv): string {
  if (env.TEMPMAIL_CONFIG_DIR) return path.resolve(env.TEMPMAIL_CONFIG_DIR);
  if (env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME)) {
    return path.join(env.XDG_CONFIG_HOME, 'tempmail');
  }
  return path.join(os.homedir(), '.config', 'tempmail');
}

/**
 * The config file, `config.json` in `configDirectory`. It holds bearer tokens, so the folder
 * is 0700 and the file 0600, written whole to a temporary file and renamed, so a crash or
 * a second `tempmail` never leaves half a file.
 */
export class ConfigStore {
  readonly file: string;

  constructor(readonly directory: string) {
    this.file = path.join(directory, 'config.json');
  }

  credentials(server: string): ServerCredentials {
    return this.read().servers[server] ?? {};
  }

  update(server: string, change: (current: ServerCredentials) => ServerCredentials): void {
    const config = this.read();
    config.servers[server] = change(config.servers[server] ?? {});
    this.write(config);
  }

  private read(): ConfigFile {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { servers: {} };
      throw error;
    }
    try {
      const parsed = JSON.parse(text) as Partial<ConfigFile>;
      return { servers: parsed.servers ?? {} };
    } catch {
      throw new CliError(`The config file ${this.file} is not valid JSON: fix it or delete it.`);
    }
  }

  private write(config: ConfigFile): void {
    fs.mkdirSync(this.directory, { recursive: true, mode: 0o700 });
    // mkdir's mode is masked by the umask and leaves an existing folder as it was.
    fs.chmodSync(this.directory, 0o700);
    const temporary = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
    fs.chmodSync(temporary, 0o600);
    fs.renameSync(temporary, this.file);
  }
}
