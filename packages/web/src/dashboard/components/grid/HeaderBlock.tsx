// A header: a title across the grid in one of three sizes, edited in place with size and background in edit mode.

import { FontSizeOutlined } from '@ant-design/icons';
import { HEADER_SIZES, type HeaderSize, MEDIUM_HEADER } from '@nezha/core';
import { Button, Dropdown, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../../i18n/i18n';
import { useAppDispatch } from '../../../store/hooks';
import { dashboardLayoutActions } from '../../state/dashboard-layout';
import { editLayout } from '../../state/thunks/layout-edits';
import LayoutChrome from '../edit/LayoutChrome';
import BackgroundToggle from './BackgroundToggle';
import type { BlockProps } from './block-props';
import { BACKGROUND_STYLES, useGridView } from './grid-view';

const FONT_SIZES: Record<HeaderSize, number> = { SMALL_HEADER: 16, MEDIUM_HEADER: 24, LARGE_HEADER: 32 };
const SIZE_LABELS: Record<HeaderSize, string> = {
  SMALL_HEADER: i18nKey('Small'),
  MEDIUM_HEADER: i18nKey('Medium'),
  LARGE_HEADER: i18nKey('Large'),
};

export default function HeaderBlock({ component, parent, index, depth }: BlockProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { editMode } = useGridView();
  const size = (component.meta.headerSize ?? MEDIUM_HEADER) as HeaderSize;
  const text = typeof component.meta.text === 'string' ? component.meta.text : '';
  const update = (meta: Record<string, string>) =>
    dispatch(editLayout(dashboardLayoutActions.componentMetaUpdated({ id: component.id, meta })));
  return (
    <LayoutChrome
      component={component}
      parent={parent}
      index={index}
      depth={depth}
      editMode={editMode}
      label={t('Header')}
      style={{ width: '100%' }}
      toolbar={
        <>
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: [size],
              items: HEADER_SIZES.map((key) => ({ key, label: t(SIZE_LABELS[key]) })),
              onClick: ({ key }) => update({ headerSize: key }),
            }}
          >
            <Button size="small" type="text" icon={<FontSizeOutlined />} aria-label={t('Header size')} />
          </Dropdown>
          <BackgroundToggle component={component} />
        </>
      }
    >
      <div
        data-test="dashboard-header"
        style={{
          ...(BACKGROUND_STYLES[String(component.meta.background)] ?? {}),
          padding: editMode ? '16px 16px 8px' : '8px 16px',
        }}
      >
        <Typography.Title
          level={size === 'LARGE_HEADER' ? 2 : size === 'MEDIUM_HEADER' ? 3 : 4}
          style={{ margin: 0, fontSize: FONT_SIZES[size] }}
          editable={editMode ? { onChange: (value) => update({ text: value }), triggerType: ['text', 'icon'] } : false}
        >
          {text}
        </Typography.Title>
      </div>
    </LayoutChrome>
  );
}
