import { useNavigate } from 'react-router';
import { writeStorage } from '../../shared/preferences/read-storage';
import { LANGUAGE_CHOICE_FLAG, type Language } from '../../shared/preferences/choose-language';
import { saveLanguage, storeLanguageChoice } from '../../shared/preferences/save-language';
import { loadLanguage } from '../../shared/i18n/init-i18n';
import { switchLanguagePath } from '../../shared/routing/site-routes';
import { useSiteRoute } from '../../shared/routing/use-site-route';

/**
 * A language the reader chose (the switcher, the language prompt): kept for a year with the
 * choice flag. A translated page moves to its prefix, which sets the language; the others
 * change language where they are.
 */
export function useSwitchLanguage(): (language: Language) => void {
  const route = useSiteRoute();
  const navigate = useNavigate();
  return (language) => {
    writeStorage(LANGUAGE_CHOICE_FLAG, 'true');
    const path = switchLanguagePath(route, language);
    if (!path) return void saveLanguage(language);
    storeLanguageChoice(language);
    const search = window.location.search;
    // The new texts first, so the new path never shows with the old language's words (when
    // they cannot load, the path still changes: the page stays readable in the old one).
    void loadLanguage(language)
      .catch((error: unknown) => console.warn(`The ${language} texts did not load`, error))
      // Marked as chosen, for the routing: stored or not (storage may be off), a choice of
      // English is not a link that should keep the language shown.
      .then(() => navigate(`${path}${search}`, { state: { chosenLanguage: language } }));
  };
}
