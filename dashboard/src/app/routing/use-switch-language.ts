import { useNavigate } from 'react-router';
import { writeStorage } from '../../shared/preferences/read-storage';
import { LANGUAGE_CHOICE_FLAG, type Language } from '../../shared/preferences/choose-language';
import { saveLanguage, storeLanguageChoice } from '../../shared/preferences/save-language';
import { switchLanguagePath } from './site-routes';
import { useSiteRoute } from './use-site-route';

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
    void navigate(`${path}${window.location.search}`);
  };
}
