// Third-party locale packs, each loaded lazily with the language: antd's component texts and dayjs's (date
// pickers: month names, first day of week). A page downloads only the pack of the language it shows.
import type { SupportedLocale } from '@nezha/core';
import type { ConfigProviderProps } from 'antd';
import dayjs from 'dayjs';

type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

const ANTD: Record<SupportedLocale, () => Promise<{ default: AntdLocale }>> = {
  en: () => import('antd/locale/en_US'),
  fr: () => import('antd/locale/fr_FR'),
  es: () => import('antd/locale/es_ES'),
  it: () => import('antd/locale/it_IT'),
  zh: () => import('antd/locale/zh_CN'),
  ja: () => import('antd/locale/ja_JP'),
  de: () => import('antd/locale/de_DE'),
  pt: () => import('antd/locale/pt_PT'),
  pt_BR: () => import('antd/locale/pt_BR'),
  ru: () => import('antd/locale/ru_RU'),
  ko: () => import('antd/locale/ko_KR'),
  sk: () => import('antd/locale/sk_SK'),
  sl: () => import('antd/locale/sl_SI'),
  nl: () => import('antd/locale/nl_NL'),
};

/** dayjs's name for each locale, and its loader (English is built in). */
const DAYJS: Record<SupportedLocale, [string, (() => Promise<unknown>) | null]> = {
  en: ['en', null],
  fr: ['fr', () => import('dayjs/locale/fr')],
  es: ['es', () => import('dayjs/locale/es')],
  it: ['it', () => import('dayjs/locale/it')],
  zh: ['zh-cn', () => import('dayjs/locale/zh-cn')],
  ja: ['ja', () => import('dayjs/locale/ja')],
  de: ['de', () => import('dayjs/locale/de')],
  pt: ['pt', () => import('dayjs/locale/pt')],
  pt_BR: ['pt-br', () => import('dayjs/locale/pt-br')],
  ru: ['ru', () => import('dayjs/locale/ru')],
  ko: ['ko', () => import('dayjs/locale/ko')],
  sk: ['sk', () => import('dayjs/locale/sk')],
  sl: ['sl', () => import('dayjs/locale/sl')],
  nl: ['nl', () => import('dayjs/locale/nl')],
};

const antdLoaded = new Map<SupportedLocale, AntdLocale>();

export async function loadAntdLocale(locale: SupportedLocale): Promise<AntdLocale> {
  const pack = antdLoaded.get(locale) ?? (await ANTD[locale]()).default;
  antdLoaded.set(locale, pack);
  return pack;
}

/** The antd pack of a locale already loaded by applyLocale (undefined before: antd's English). */
export function loadedAntdLocale(locale: SupportedLocale): AntdLocale | undefined {
  return antdLoaded.get(locale);
}

export async function applyDayjsLocale(locale: SupportedLocale): Promise<void> {
  const [name, load] = DAYJS[locale];
  if (load) await load();
  dayjs.locale(name);
}
