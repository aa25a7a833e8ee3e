import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';

function LogoMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-7">
      <rect x="2" y="5" width="20" height="14" rx="3" className="fill-indigo-600" />
      <path
        d="M4 8l8 5 8-5"
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-white"
      />
    </svg>
  );
}

/** Spec section 2, Header, for a free visitor (Pro's login and upgrade come with Pro). */
export function AppHeader() {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-3">
        <Link
          to="/"
          className="flex items-center gap-2 text-xl font-bold text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
        >
          <LogoMark />
          {t('app.name')}
        </Link>
        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-900 dark:text-green-200">
          {t('header.online')}
        </span>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
