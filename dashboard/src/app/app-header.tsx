import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function AppHeader() {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
        <Link
          to="/"
          className="text-xl font-bold text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {t('app.name')}
        </Link>
        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
          {t('header.online')}
        </span>
      </div>
    </header>
  );
}
