// The user info page's language setting: the same choice as the navigation bar's menu, plus going back to the
// browser's languages (the saved choice is forgotten).
import type { SupportedLocale } from '@nezha/core';
import { Descriptions, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyLocale, applyPageLocale, toSupportedLocale } from './i18n';
import { LANGUAGES } from './languages';
import { saveMyLocale } from './locale-api';

const BROWSER = 'browser';

export default function LanguagePreference() {
  const { t, i18n } = useTranslation();

  const choose = async (value: string) => {
    if (value === BROWSER) {
      await saveMyLocale(null);
      await applyPageLocale(null, false);
      return;
    }
    await applyLocale(value);
    await saveMyLocale(value as SupportedLocale);
  };

  return (
    <Descriptions title={t('Language')} bordered column={1} size="middle" labelStyle={{ width: 220 }}>
      <Descriptions.Item label={t('Language')}>
        <Select
          aria-label={t('Language')}
          data-test="language-preference"
          style={{ minWidth: 240 }}
          value={toSupportedLocale(i18n.language)}
          onChange={(value: string) => void choose(value)}
          options={[
            ...LANGUAGES.map((language) => ({ value: language.locale, label: language.name })),
            { value: BROWSER, label: t("The browser's language") },
          ]}
        />
      </Descriptions.Item>
    </Descriptions>
  );
}
