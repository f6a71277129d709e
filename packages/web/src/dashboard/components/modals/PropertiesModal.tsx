// Edit properties: title, slug, owners, roles (only with DASHBOARD_RBAC), tags, certification, colour scheme and the
// JSON metadata. Tags are saved at once through the tags API, whatever the mode. In edit mode the other changes wait
// for Save; in view mode Apply saves them at once (PUT full save).

import { type DashboardMetadata, normalizeDashboardMetadata } from '@nezha/core';
import { Alert, Collapse, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { CATEGORICAL_SCHEME_CHOICES } from '../../../charts/shared/color-schemes';
import { applyDashboardLabelColors } from '../../../charts/shared/label-colors';
import Modal from '../../../components/Modal';
import { addDangerToast } from '../../../components/toasts/state/message-toasts';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import TagsSelect from '../../../tags/TagsSelect';
import { fetchObjectTagNames, saveObjectTags } from '../../../tags/tags-api';
import { fetchRelated, type RelatedOption } from '../../api/dashboard-api';
import { dashboardInfoActions } from '../../state/dashboard-info';
import { dashboardLayoutActions } from '../../state/dashboard-layout';
import { dashboardStateActions } from '../../state/dashboard-state';
import { editLayout } from '../../state/thunks/layout-edits';
import { saveDashboard } from '../../state/thunks/save-dashboard';

interface Values {
  dashboard_title: string;
  slug: string;
  owners: number[];
  /** Absent from the submitted values when DashboardRbac is off: its field is not rendered. */
  roles?: number[];
  tags: string[];
  certified_by: string;
  certification_details: string;
  color_scheme: string | null;
  json_metadata: string;
}

export default function PropertiesModal({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (path?: string) => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const info = useAppSelector((state) => state.dashboardInfo);
  const { editMode, colorScheme } = useAppSelector((state) => state.dashboardState);
  const rbac = useAppSelector((state) => state.session.common?.feature_flags.DASHBOARD_RBAC === true);
  const [form] = Form.useForm<Values>();
  const [owners, setOwners] = useState<RelatedOption[]>([]);
  const [roles, setRoles] = useState<RelatedOption[]>([]);
  const [jsonError, setJsonError] = useState<string | null>(null);
  // The tags the dashboard has now; null until read (the field waits for them, so a save never drops one unseen).
  const [savedTags, setSavedTags] = useState<string[] | null>(null);

  useEffect(() => {
    fetchRelated('owners', '').then(setOwners, () => setOwners([]));
    if (rbac) fetchRelated('roles', '').then(setRoles, () => setRoles([]));
  }, [rbac]);

  useEffect(() => {
    if (info.id === null) return;
    fetchObjectTagNames('dashboard', info.id).then(
      (names) => {
        setSavedTags(names);
        form.setFieldValue('tags', names);
      },
      () => setSavedTags([]),
    );
  }, [info.id, form]);

  const initial: Values = {
    dashboard_title: info.dashboard_title,
    slug: info.slug ?? '',
    owners: info.owners.map((owner) => owner.id),
    roles: info.roles.map((role) => role.id),
    tags: [],
    certified_by: info.certified_by ?? '',
    certification_details: info.certification_details ?? '',
    color_scheme: colorScheme,
    json_metadata: JSON.stringify(info.metadata, null, 2),
  };

  const apply = async (values: Values) => {
    if (info.id !== null && savedTags !== null) {
      try {
        await saveObjectTags('dashboard', info.id, savedTags, values.tags ?? []);
      } catch (error) {
        dispatch(addDangerToast(isApiError(error) ? error.message : String(error)));
        return;
      }
    }
    let metadata: DashboardMetadata;
    try {
      metadata = normalizeDashboardMetadata(JSON.parse(values.json_metadata || '{}'));
    } catch {
      setJsonError(t('JSON metadata is invalid!'));
      return;
    }
    // A field the form does not show (roles without DASHBOARD_RBAC) is absent from its values.
    const ownerList = (values.owners ?? []).map((id) => {
      const option = owners.find((candidate) => candidate.value === id);
      const known = info.owners.find((owner) => owner.id === id);
      return known ?? { id, first_name: option?.text ?? '' };
    });
    const roleList = (values.roles ?? []).map((id) => ({
      id,
      name: roles.find((role) => role.value === id)?.text ?? String(id),
    }));
    // label_colors edited in the JSON take effect now: the charts redraw with them (DashboardChart keys on them).
    applyDashboardLabelColors(metadata, values.color_scheme);
    dispatch(
      dashboardInfoActions.dashboardPropertiesChanged({
        dashboard_title: values.dashboard_title,
        slug: values.slug.trim() || null,
        owners: ownerList,
        ...(rbac ? { roles: roleList } : {}),
        certified_by: values.certified_by.trim() || null,
        certification_details: values.certification_details,
        metadata,
      }),
    );
    dispatch(editLayout(dashboardLayoutActions.dashboardTitleChanged(values.dashboard_title)));
    if (values.color_scheme !== colorScheme) dispatch(dashboardStateActions.colorSchemeChanged(values.color_scheme));
    if (editMode) {
      dispatch(dashboardStateActions.unsavedChangesSet(true));
      onClose();
      return;
    }
    const outcome = await dispatch(saveDashboard());
    if (outcome.saved) onSaved(outcome.path);
    onClose();
  };

  return (
    <Modal
      open
      title={t('Dashboard properties')}
      okText={editMode ? t('Apply') : t('Save')}
      cancelText={t('Cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={720}
      data-test="properties-modal"
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void apply(values)}>
        <Form.Item name="dashboard_title" label={t('Name')}>
          <Input data-test="properties-title" />
        </Form.Item>
        <Form.Item name="slug" label={t('URL slug')} extra={t('A readable URL for your dashboard')}>
          <Input data-test="properties-slug" />
        </Form.Item>
        <Form.Item
          name="owners"
          label={t('Owners')}
          extra={t('Owners is a list of users who can alter the dashboard.')}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={owners.map((o) => ({ value: o.value, label: o.text }))}
          />
        </Form.Item>
        {rbac && (
          <Form.Item
            name="roles"
            label={t('Roles')}
            extra={t('Roles is a list which defines access to the dashboard.')}
          >
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              options={roles.map((r) => ({ value: r.value, label: r.text }))}
            />
          </Form.Item>
        )}
        <Form.Item name="tags" label={t('Tags')} extra={t('A tag links this dashboard to everything else with it.')}>
          <TagsSelect data-test="properties-tags" />
        </Form.Item>
        <Form.Item name="color_scheme" label={t('Color scheme')}>
          <Select allowClear options={CATEGORICAL_SCHEME_CHOICES.map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item
          name="certified_by"
          label={t('Certified by')}
          extra={t('Person or group that has certified this dashboard.')}
        >
          <Input />
        </Form.Item>
        <Form.Item name="certification_details" label={t('Certification details')}>
          <Input />
        </Form.Item>
        <Collapse
          items={[
            {
              key: 'advanced',
              label: t('Advanced'),
              children: (
                <>
                  {jsonError && <Alert type="error" showIcon title={jsonError} style={{ marginBottom: 8 }} />}
                  <Form.Item name="json_metadata" label={t('JSON metadata')} style={{ marginBottom: 0 }}>
                    <Input.TextArea rows={12} style={{ fontFamily: 'monospace' }} onChange={() => setJsonError(null)} />
                  </Form.Item>
                </>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
