// The navigation bar's language menu (as Superset's): the current language's name, a list of the 14 in their own
// names; a choice switches the page at once and is saved for the user's next sessions.
import { DownOutlined, GlobalOutlined } from '@ant-design/icons';
import type { SupportedLocale } from '@nezha/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import NavDropdown from '../components/layout/NavDropdown';
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

/**
 * The region's code in a small box where Superset shows a flag image: emoji flags need a colour-emoji font that many
 * systems (and headless browsers) lack, and then show as empty boxes.
 */
function LanguageBadge({ region }: { region: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        minWidth: 24,
        marginRight: 6,
        padding: '0 3px',
        border: '1px solid currentColor',
        borderRadius: 3,
        fontSize: 10,
        lineHeight: '14px',
        textAlign: 'center',
        opacity: 0.7,
      }}
    >
      {region}
    </span>
  );
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
    <NavDropdown
      menu={{
        selectable: true,
        selectedKeys: [current.locale],
        items: LANGUAGES.map((language) => ({
          key: language.locale,
          label: (
            <span lang={language.locale.replace('_', '-')} data-test={`language-${language.locale}`}>
              <LanguageBadge region={language.region} />
              {language.name}
            </span>
          ),
        })),
        onClick: ({ key }) => void choose(key as SupportedLocale),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('Language')}
        title={t('Language')}
        data-test="language-menu"
      >
        <LanguageBadge region={current.region} />
        {current.name} <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </NavDropdown>
  );
}
