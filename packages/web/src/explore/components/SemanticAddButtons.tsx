// The dataset panel's "+ Measure", "+ Cohort", "+ Calculated column" and "+ Saved column" buttons (and the rarer
// editors under "More"): each opens a new one of them on the current dataset.
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { SEMANTIC_ENTRY_POINTS, semanticEditorUrl } from '../state/semantic-entry';

export default function SemanticAddButtons() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const datasource = useAppSelector((state) => state.explore.datasource);
  // A missing dataset (id 0 or less) has nothing to define measures on.
  if (!datasource || datasource.id <= 0) return null;
  const open = (vizType: (typeof SEMANTIC_ENTRY_POINTS)[number]['vizType']) =>
    navigate(semanticEditorUrl(datasource.id, vizType, datasource.type));
  const primary = SEMANTIC_ENTRY_POINTS.filter((entry) => !entry.secondary);
  const more = SEMANTIC_ENTRY_POINTS.filter((entry) => entry.secondary);

  return (
    <div data-test="semantic-add-buttons" style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 8 }}>
      {primary.map((entry) => (
        <Button
          key={entry.vizType}
          size="small"
          icon={<PlusOutlined />}
          onClick={() => open(entry.vizType)}
          data-test={`semantic-add-${entry.vizType}`}
        >
          {t(entry.label)}
        </Button>
      ))}
      <Dropdown
        trigger={['click']}
        menu={{
          items: more.map((entry) => ({
            key: entry.vizType,
            label: <span data-test={`semantic-add-${entry.vizType}`}>{t(entry.label)}</span>,
          })),
          onClick: ({ key }) => {
            const entry = more.find((candidate) => candidate.vizType === key);
            if (entry) open(entry.vizType);
          },
        }}
      >
        <Button size="small" data-test="semantic-add-more">
          {t('More')} <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
