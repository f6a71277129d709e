// "Delete selected" of a list with row selection: confirms, then deletes every selected row in one request.
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

interface BulkDeleteButtonProps {
  count: number;
  onConfirm: () => Promise<void>;
  /** What is deleted, e.g. "annotation layers". */
  what: string;
}

export default function BulkDeleteButton({ count, onConfirm, what }: BulkDeleteButtonProps) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Popconfirm
      title={t('Delete {{count}} {{what}}?', { count, what })}
      okText={t('Delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('Cancel')}
      onConfirm={onConfirm}
    >
      <Button danger icon={<DeleteOutlined />} data-test="bulk-delete">
        {t('Delete {{count}} selected', { count })}
      </Button>
    </Popconfirm>
  );
}
