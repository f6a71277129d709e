// A tag's all-entities page (/superset/all_entities/?id=<tag id>): its name and description, then every object
// carrying it that the caller may see, grouped by type, each a link to where it is opened.
import { groupTaggedObjects, type TaggableType, type TaggedObjectEntity } from '@nezha/core';
import { Alert, Empty, Table, type TableProps, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import ListPageFrame from '../components/list/ListPageFrame';
import RequirePermission from '../components/RequirePermission';
import { useCan } from '../session/use-session';
import ObjectTags from './ObjectTags';
import { tagIdFromSearch } from './tag-changes';
import { fetchTag, fetchTaggedObjects, type TagItem } from './tags-api';

type Loaded = { tag: TagItem; objects: TaggedObjectEntity[] };

export default function AllEntitiesPage() {
  const { t } = useTranslation();
  const canRead = useCan('can_read', 'Tag');
  const { search } = useLocation();
  const tagId = tagIdFromSearch(search);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (tagId === null) return;
    let live = true;
    setLoaded(null);
    setError(null);
    Promise.all([fetchTag(tagId), fetchTaggedObjects(tagId)]).then(
      ([tag, objects]) => live && setLoaded({ tag: tag.result, objects: objects.result }),
      (failure: unknown) => live && setError(isApiError(failure) ? failure.message : String(failure)),
    );
    return () => {
      live = false;
    };
  }, [tagId]);

  const sectionTitle: Record<TaggableType, string> = {
    dashboard: t('Dashboards'),
    chart: t('Charts'),
    query: t('Saved queries'),
    dataset: t('Datasets'),
    measure: t('Measures'),
    cohort: t('Cohorts'),
  };
  const columns: TableProps<TaggedObjectEntity>['columns'] = [
    {
      key: 'name',
      title: t('Name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <a href={row.url} data-test="all-entities-link">
          {name}
        </a>
      ),
    },
    { key: 'tags', title: t('Tags'), render: (_value, row) => <ObjectTags tags={row.tags} /> },
    {
      key: 'owners',
      title: t('Owners'),
      render: (_value, row) => row.owners.map((owner) => `${owner.first_name} ${owner.last_name}`.trim()).join(', '),
    },
  ];

  const title = loaded ? loaded.tag.name : t('Tag');
  return (
    <RequirePermission allowed={canRead}>
      <ListPageFrame title={title}>
        {tagId === null && <Alert type="error" showIcon title={t('No tag was given: open this page from a tag.')} />}
        {error && <Alert type="error" showIcon title={error} />}
        {loaded && (
          <div data-test="all-entities">
            {loaded.tag.description && (
              <Typography.Paragraph type="secondary">{loaded.tag.description}</Typography.Paragraph>
            )}
            {groupTaggedObjects(loaded.objects).map(({ type, objects }) => (
              <section key={type} style={{ marginBottom: 24 }} data-test={`all-entities-${type}`}>
                <Typography.Title level={5}>
                  {sectionTitle[type]} <Tag>{objects.length}</Tag>
                </Typography.Title>
                {objects.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('Nothing with this tag')} />
                ) : (
                  <Table<TaggedObjectEntity>
                    rowKey={(row) => `${row.type}-${row.id}`}
                    size="small"
                    columns={columns}
                    dataSource={objects}
                    pagination={false}
                  />
                )}
              </section>
            ))}
          </div>
        )}
      </ListPageFrame>
    </RequirePermission>
  );
}
