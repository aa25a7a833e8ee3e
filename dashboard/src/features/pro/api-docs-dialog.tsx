import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from '../../shared/i18n/use-translation';
import { API_LIMITS } from '../../shared/product-facts';
import { AppDialog, type DialogState } from '../../shared/ui/app-dialog';
import { CopyableCode } from '../../shared/ui/copyable-code';
import { ApiTokenPanel, useApiToken } from './api-token-panel';

const TABS = ['overview', 'authentication', 'endpoints', 'examples'] as const;

/** The public API's operations, as the contract names them (Endpoints tab). */
const ENDPOINTS = [
  ['POST', '/v1/generate-email', 'generate'],
  ['GET', '/v1/messages', 'list'],
  ['GET', '/v1/messages/{id}', 'read'],
  ['GET', '/v1/messages/{id}/attachments/{attachmentId}', 'attachment'],
  ['DELETE', '/v1/messages/{id}', 'delete'],
  ['GET', '/v1/events', 'events'],
  ['GET', '/v1/me', 'me'],
  ['GET', '/v1/domains', 'domains'],
] as const;

/**
 * API documentation (Pro only): how to call the public API with the user's own token
 * (shown in full only when it is made: see ApiTokenPanel).
 */
export function ApiDocsDialog({ open, onOpenChange }: DialogState) {
  const { t } = useTranslation();
  const token = useApiToken(open);
  const origin = window.location.origin;
  const bearer = token.data?.token ?? '$TEMPMAIL_TOKEN';
  const examples = {
    generate: `curl -s -X POST ${origin}/v1/generate-email \\\n  -H "Authorization: Bearer ${bearer}" \\\n  -H "Content-Type: application/json" -d '{"customAlias":"shop"}'`,
    list: `curl -s ${origin}/v1/messages -H "Authorization: Bearer ${bearer}"`,
    read: `curl -s ${origin}/v1/messages/MESSAGE_ID -H "Authorization: Bearer ${bearer}"`,
    events: `curl -sN ${origin}/v1/events -H "Authorization: Bearer ${bearer}"`,
  };

  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={t('apiDocs.title')} wide>
      <Tabs.Root defaultValue="overview">
        <Tabs.List
          aria-label={t('apiDocs.sections')}
          className="mb-4 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-focus data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700 dark:data-[state=active]:text-indigo-300"
            >
              {t(`apiDocs.tabs.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="space-y-3">
          <p>{t('apiDocs.overview')}</p>
          <p>
            {t('apiDocs.limits', {
              pro: API_LIMITS.proPerHour,
              free: API_LIMITS.freePerHour,
              burst: API_LIMITS.burstPerMinute,
            })}
          </p>
          <p>
            {t('apiDocs.reference')}{' '}
            <a
              href="/docs"
              target="_blank"
              rel="noopener"
              className="text-indigo-700 underline dark:text-indigo-300"
            >
              /docs
            </a>
          </p>
        </Tabs.Content>
        <Tabs.Content value="authentication" className="space-y-3">
          <p>{t('apiDocs.authentication')}</p>
          <ApiTokenPanel enabled={open} />
        </Tabs.Content>
        <Tabs.Content value="endpoints">
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {ENDPOINTS.map(([method, path, key]) => (
              <li key={`${method} ${path}`} className="py-2">
                <code className="font-semibold">{method}</code>{' '}
                <code className="break-all">{path}</code>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t(`apiDocs.endpoints.${key}`)}
                </p>
              </li>
            ))}
          </ul>
        </Tabs.Content>
        <Tabs.Content value="examples" className="space-y-4">
          {(Object.keys(examples) as (keyof typeof examples)[]).map((key) => (
            <div key={key}>
              <h3 className="mb-1 text-sm font-semibold">{t(`apiDocs.endpoints.${key}`)}</h3>
              <CopyableCode
                code={examples[key]}
                label={t(`apiDocs.endpoints.${key}`)}
                copyLabel={t('apiDocs.copyExample', { name: t(`apiDocs.endpoints.${key}`) })}
              />
            </div>
          ))}
        </Tabs.Content>
      </Tabs.Root>
    </AppDialog>
  );
}
