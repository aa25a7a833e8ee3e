import * as Tabs from '@radix-ui/react-tabs';
import { getUserToken, rotateUserToken, unwrap } from '@tempmail/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_LIMITS } from '../../shared/product-facts';
import { createApiClient } from '../../shared/create-api-client';
import { AppDialog, type DialogState } from '../../shared/ui/app-dialog';
import { SECONDARY_BUTTON } from '../../shared/ui/button-classes';
import { CopyButton } from '../../shared/ui/copy-button';

const TOKEN_KEY = ['user-token'] as const;
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

function CopyableCode({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="relative">
      <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 pr-20 text-sm text-slate-100">
        <code>{code}</code>
      </pre>
      <span className="absolute top-2 right-2">
        <CopyButton
          text={code}
          label={t('apiDocs.copyNamed', { name: label })}
          className="rounded-md bg-slate-700 px-2 py-1 text-xs text-white hover:bg-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-400"
        />
      </span>
    </div>
  );
}

/**
 * API Documentation (Pro only): how to call the public API with the user's
 * own token. The server keeps only a hash, so the full token is shown when it is made (the
 * first opening, or a rotation) and its prefix after that.
 */
export function ApiDocsDialog({ open, onOpenChange }: DialogState) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useQuery({
    queryKey: TOKEN_KEY,
    queryFn: ({ signal }) => unwrap(getUserToken({ client: createApiClient(), signal })),
    enabled: open,
    // Refetching would lose the one answer that carries the full token.
    staleTime: Infinity,
  });
  const rotate = useMutation({
    mutationFn: () => unwrap(rotateUserToken({ client: createApiClient() })),
    onSuccess: (fresh) => queryClient.setQueryData(TOKEN_KEY, fresh),
  });
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
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700 dark:data-[state=active]:text-indigo-300"
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
          {token.data ? (
            token.data.token ? (
              <>
                <p className="font-medium">{t('apiDocs.tokenOnce')}</p>
                <CopyableCode code={token.data.token} label={t('apiDocs.token')} />
              </>
            ) : (
              <p>
                {t('apiDocs.tokenPrefix', {
                  prefix: token.data.prefix,
                  date: new Date(token.data.createdAt).toLocaleDateString(),
                })}
              </p>
            )
          ) : (
            <p role={token.isError ? 'alert' : 'status'}>
              {token.isError ? t('apiDocs.tokenFailed') : t('loaders.loading')}
            </p>
          )}
          <button
            type="button"
            onClick={() => rotate.mutate()}
            disabled={rotate.isPending}
            className={SECONDARY_BUTTON}
          >
            {t('apiDocs.rotate')}
          </button>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('apiDocs.rotateNote')}</p>
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
              <CopyableCode code={examples[key]} label={t(`apiDocs.endpoints.${key}`)} />
            </div>
          ))}
        </Tabs.Content>
      </Tabs.Root>
    </AppDialog>
  );
}
