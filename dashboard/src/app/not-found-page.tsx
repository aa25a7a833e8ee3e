import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-5xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <Link to="/" className="mt-4 inline-block text-indigo-700 dark:text-indigo-300 underline">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
