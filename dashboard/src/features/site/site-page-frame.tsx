import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { usePageMeta } from './use-page-meta';

/** The site name after every page title. */
export const SITE_NAME = 'TempMail';

/**
 * A public page's frame: its title, description and keywords in the head, a way back above
 * its heading, its intro and body, or the spec's default loader text while its content
 * arrives.
 */
export function SitePageFrame({
  title,
  description,
  keywords,
  back,
  heading,
  intro,
  loading = false,
  children,
}: {
  title: string | undefined;
  description?: string;
  keywords?: string;
  back?: ReactNode;
  heading: string | undefined;
  intro?: ReactNode;
  loading?: boolean;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  usePageMeta({
    title: title ? `${title} | ${SITE_NAME}` : SITE_NAME,
    description,
    keywords,
    language: i18n.language,
  });
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      {loading || !heading ? (
        <p role="status" className="py-16 text-center text-slate-600 dark:text-slate-300">
          {t('loaders.loading')}
        </p>
      ) : (
        <>
          {back && <p className="mb-4">{back}</p>}
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
          {intro && <div className="mt-3 text-lg text-slate-600 dark:text-slate-300">{intro}</div>}
          <div className="mt-8">{children}</div>
        </>
      )}
    </main>
  );
}
