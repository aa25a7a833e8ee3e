import type { User } from '@tempmail/sdk';
import { useTranslation } from '../shared/i18n/use-translation';
import { SiteLink } from '../shared/routing/site-link';
import { sitePath } from '../shared/routing/site-routes';
import { useSiteRoute } from '../shared/routing/use-site-route';
import { openDialog } from '../features/account/dialog-store';
import { isFormerProUser, isProUser } from '../features/account/pro-status';
import { StrokeIcon } from '../shared/stroke-icon';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';
import { Tooltip } from '../shared/ui/tooltip';
import { PRO_BADGE } from '../shared/ui/button-classes';
import { serverReachable } from '../shared/server-reachable';

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

const LOGIN_ICON = 'M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3';

/** What the header offers for the account: nothing while the user loads, then by Pro. */
function AccountControls({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  if (!user) return null;
  if (isProUser(user)) {
    return (
      <>
        <span className={PRO_BADGE}>{t('header.proActive')}</span>
        <Tooltip label={t('header.profile')} align="end">
          <button
            type="button"
            onClick={() => openDialog('profile')}
            aria-label={t('header.profile')}
            className="flex size-9 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white uppercase focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
          >
            {(user.email ?? 'P').charAt(0)}
          </button>
        </Tooltip>
      </>
    );
  }
  // Signed in, with Pro ended: the same button opens the account (Sign out, the API token).
  const signedIn = isFormerProUser(user);
  const label = t(signedIn ? 'header.account' : 'header.login');
  return (
    <>
      <Tooltip label={label}>
        <button
          type="button"
          onClick={() => openDialog(signedIn ? 'account' : 'login')}
          aria-label={label}
          className="flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <StrokeIcon path={LOGIN_ICON} />
        </button>
      </Tooltip>
      <button
        type="button"
        onClick={() => openDialog('upgrade')}
        className="rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        {t('header.upgrade')}
      </button>
    </>
  );
}

/**
 * The header, one line at any width: logo, the online badge, language, theme, and login/upgrade or
 * Pro. On a phone the language and theme move to the footer (`SitePreferences`), so the
 * line holds the logo and the account's one button.
 */
export function AppHeader({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const reachable = serverReachable.use();
  const { shownLanguage } = useSiteRoute();
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 sm:py-3">
        <SiteLink
          to={sitePath('home', shownLanguage)}
          className="flex shrink-0 items-center gap-2 text-xl font-bold text-indigo-700 focus-visible:outline-2 focus-visible:outline-focus dark:text-indigo-300"
        >
          <LogoMark />
          {/* Under 352 px (320 px wide, or zoomed to 400%) the mark stands alone, so the
              account's buttons fit without a sideways scroll; the name stays its label. */}
          <span className="max-[22rem]:sr-only">{t('app.name')}</span>
        </SiteLink>
        {/* A status, so that going offline (and back) is announced; on a phone, where the
            badge is not shown, it is still there to be announced. */}
        <span
          role="status"
          className={`rounded-full px-2 py-0.5 text-xs font-semibold uppercase max-sm:sr-only ${
            reachable
              ? 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-200'
              : 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100'
          }`}
        >
          {reachable ? t('header.online') : t('header.offline')}
        </span>
        {/* As tall as the account buttons before they appear: nothing moves when they do. */}
        <div className="ml-auto flex min-h-9 items-center gap-2">
          <SitePreferences className="hidden sm:flex" />
          <AccountControls user={user} />
        </div>
      </div>
    </header>
  );
}

/** Language and theme: in the header from `sm` up, in the footer below it. */
export function SitePreferences({ className }: { className: string }) {
  return (
    <div className={`items-center gap-2 ${className}`}>
      <LanguageSwitcher />
      <ThemeToggle />
    </div>
  );
}
