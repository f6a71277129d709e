// An object's tags as links to their all-entities pages, each opening in a new tab (spec: the metadata-tag link).
import type { ObjectTag } from '@nezha/core';
import { Tag } from 'antd';
import { allEntitiesUrl } from './tag-changes';

export default function ObjectTags({ tags }: { tags: readonly ObjectTag[] | undefined }) {
  if (!tags || tags.length === 0) return null;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }} data-test="object-tags">
      {tags.map((tag) => (
        <Tag key={tag.id} style={{ marginInlineEnd: 0 }}>
          <a href={allEntitiesUrl(tag.id)} target="_blank" rel="noreferrer" data-test="tag-link">
            {tag.name}
          </a>
        </Tag>
      ))}
    </span>
  );
}
