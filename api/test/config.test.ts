import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  configMarkdownTable,
  describeEffectiveConfig,
  loadConfig,
} from '../src/config.js';

describe('configuration', () => {
  it('runs on defaults alone: SQLite in ./data, one test domain', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({ host: '0.0.0.0', port: 8080 });
    expect(config.smtp.port).toBe(2525);
    expect(config.mailDomains).toEqual(['tempmail.test']);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data', 'tempmail.db') });
    expect(config.redisUrl).toBeUndefined();
  });

  it('reads PostgreSQL, Redis, domains and ports from the environment', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app:secret@db:5432/tempmail',
      REDIS_URL: 'redis://cache:6379',
      MAIL_DOMAINS: ' Mail.Example.com , other.test ',
      HTTP_PORT: '9000',
      PUBLIC_URL: 'https://mail.example.com/',
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://app:secret@db:5432/tempmail',
    });
    expect(config.redisUrl).toBe('redis://cache:6379');
    expect(config.mailDomains).toEqual(['mail.example.com', 'other.test']);
    expect(config.http.port).toBe(9000);
    expect(config.publicUrl).toBe('https://mail.example.com');
  });

  it('lists every bad setting at once, without printing secrets', () => {
    let caught: unknown;
    try {
      loadConfig({
        HTTP_PORT: 'eighty',
        MAIL_DOMAINS: 'bad domain!',
        PUBLIC_URL: 'ftp://x',
        DATABASE_URL: 'mysql://root:hunter2@db/app',
        LOG_LEVEL: 'loud',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems.map((problem) => problem.split('=')[0])).toEqual([
      'HTTP_PORT',
      'MAIL_DOMAINS',
      'PUBLIC_URL',
      'DATABASE_URL',
      'LOG_LEVEL',
    ]);
    expect((caught as ConfigError).message).not.toContain('hunter2');
  });

  it('masks passwords when printing the effective values', () => {
    const shown = Object.fromEntries(
      describeEffectiveConfig({
        DATABASE_URL: 'postgres://app:secret@db/tempmail',
        HTTP_PORT: '9000',
      }),
    );
    expect(shown.DATABASE_URL).toBe('postgres://app:***@db/tempmail');
    expect(shown.HTTP_PORT).toBe('9000');
    expect(shown.REDIS_URL).toBe('(unset)');
  });

  it('masks a secret whole, even where it reads as a URL', () => {
    const shown = Object.fromEntries(
      describeEffectiveConfig({
        JWT_SECRET: 's3cr3t:correct-horse-battery-staple-1234',
        STRIPE_SECRET_KEY: 'sk:live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec://hook@example.com',
        DATABASE_URL: 'postgres://db/tempmail?user=app&password=hunter2',
        REDIS_URL: 'not a url: hunter2',
        SMTP_RELAY_URL: 'smtps://mailer:hunter2@relay.example:465',
      }),
    );
    expect(shown.JWT_SECRET).toBe('***');
    expect(shown.STRIPE_SECRET_KEY).toBe('***');
    expect(shown.STRIPE_WEBHOOK_SECRET).toBe('***');
    expect(shown.DATABASE_URL).toBe('postgres://db/tempmail?user=***&password=***');
    expect(shown.REDIS_URL).toBe('***');
    expect(shown.SMTP_RELAY_URL).toBe('smtps://mailer:***@relay.example:465');
  });

  it('is documented in the README exactly as the schema says', () => {
    // Cells, not characters: Prettier pads the README's table columns.
    const cells = (markdown: string) =>
      markdown
        .split('\n')
        .filter((line) => /^\|\s*`[A-Z_]+`\s*\|/.test(line))
        .map((line) =>
          line
            .split('|')
            .slice(1, -1)
            .map((cell) => cell.trim()),
        );
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
    expect(cells(readme)).toEqual(cells(configMarkdownTable()));
  });
});
