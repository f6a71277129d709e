// antd's ConfigProvider with the pack of the active language (component texts, date pickers), re-rendered when the
// language changes.
import { ConfigProvider, type ConfigProviderProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { toSupportedLocale } from './i18n';
import { loadedAntdLocale } from './locale-packs';

export default function LocaleConfigProvider({ children, ...props }: Omit<ConfigProviderProps, 'locale'>) {
  const { i18n } = useTranslation();
  const locale = loadedAntdLocale(toSupportedLocale(i18n.language));
  return (
    <ConfigProvider {...props} {...(locale ? { locale } : {})}>
      {children}
    </ConfigProvider>
  );
}
