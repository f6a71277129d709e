// The fields every save dialog starts with: overwrite or save as, and the name to save under.
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SaveAction } from '../state/explore-slice';

interface SaveActionFieldsProps {
  action: SaveAction;
  onAction: (action: SaveAction) => void;
  canOverwrite: boolean;
  canSaveAs: boolean;
  nameLabel: string;
  name: string;
  onName: (name: string) => void;
}

export default function SaveActionFields(props: SaveActionFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item>
        <Radio.Group
          value={props.action}
          onChange={(event) => props.onAction(event.target.value as SaveAction)}
          data-test="save-action"
        >
          <Radio value="overwrite" disabled={!props.canOverwrite}>
            {t('Save (Overwrite)')}
          </Radio>
          <Radio value="saveas" disabled={!props.canSaveAs}>
            {t('Save as...')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item label={props.nameLabel} required>
        <Input value={props.name} onChange={(event) => props.onName(event.target.value)} data-test="save-chart-name" />
      </Form.Item>
    </>
  );
}
