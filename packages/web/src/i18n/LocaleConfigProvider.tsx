// antd's ConfigProvider with the pack of the active language (component texts, date pickers), re-rendered when the
// language changes.
import { ConfigProvider, type ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import { useTranslation } from 'react-i18next';
import { toSupportedLocale } from './i18n';
import { loadedAntdLocale } from './locale-packs';

export default function LocaleConfigProvider({ children, ...props }: Omit<ConfigProviderProps, 'locale'>) {
  const { i18n } = useTranslation();
  // Always a pack, English until another is in: ConfigProvider going from no locale to one would remount the app.
  const locale = loadedAntdLocale(toSupportedLocale(i18n.language)) ?? enUS;
  return (
    <ConfigProvider {...props} locale={locale}>
      {children}
    </ConfigProvider>
  );
}
