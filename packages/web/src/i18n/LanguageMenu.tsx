// The navigation bar's language menu (as Superset's): the current language's flag, a list of the 14 in their own
// names; a choice switches the page at once and is saved for the user's next sessions.
import { DownOutlined } from '@ant-design/icons';
import type { SupportedLocale } from '@nezha/core';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyLocale, toSupportedLocale } from './i18n';
import { LANGUAGES, languageOf } from './languages';
import { saveMyLocale } from './locale-api';

/** Drops ?lang= from the address: an explicit choice replaces the link's. */
function forgetLinkLocale(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('lang')) return;
  url.searchParams.delete('lang');
  window.history.replaceState(window.history.state, '', url);
}

export default function LanguageMenu({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const current = languageOf(toSupportedLocale(i18n.language));

  const choose = async (locale: SupportedLocale) => {
    forgetLinkLocale();
    await applyLocale(locale);
    // The page has switched already; a failed save only means the next session opens in the old language.
    if (signedIn) await saveMyLocale(locale).catch(() => undefined);
  };

  return (
    <Dropdown
      trigger={['click', 'hover']}
      menu={{
        selectable: true,
        selectedKeys: [current.locale],
        items: LANGUAGES.map((language) => ({
          key: language.locale,
          label: (
            <span lang={language.locale.replace('_', '-')} data-test={`language-${language.locale}`}>
              <span aria-hidden style={{ marginRight: 8 }}>
                {language.flag}
              </span>
              {language.name}
            </span>
          ),
        })),
        onClick: ({ key }) => void choose(key as SupportedLocale),
      }}
    >
      <Button type="text" aria-label={t('Language')} title={t('Language')} data-test="language-menu">
        <span aria-hidden>{current.flag}</span> {current.name} <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
