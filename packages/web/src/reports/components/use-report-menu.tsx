// "Manage email report" of the chart and dashboard menus (Superset's useHeaderReportMenuItems): set up a report, or
// toggle, edit and delete this user's report of the target; returns the menu entry and the dialogs it opens.
import { Checkbox, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../components/Modal';
import { useCan, useCurrentUser } from '../../session/use-session';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { ReportTarget } from '../report-modal-form';
import { deleteActiveReport, fetchTargetReport, toggleActive } from '../state/report-thunks';
import { type Report, selectTargetReport } from '../state/reports';
import ReportModal from './ReportModal';

type MenuItem = NonNullable<MenuProps['items']>[number];

export function useReportMenu(target: ReportTarget | null): { item: MenuItem | null; dialogs: ReactNode } {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useCurrentUser();
  const canWrite = useCan('can_write', 'ReportSchedule');
  // The report as it was when the dialog opened: adding one must not turn the open dialog into an edit.
  const [editing, setEditing] = useState<{ report: Report | null } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const kind = target?.kind ?? 'dashboards';
  const targetId = target?.id ?? null;
  const report = useAppSelector((state) => selectTargetReport(state, kind, targetId));
  const allowed = canWrite && !!user && targetId !== null;

  useEffect(() => {
    if (allowed && targetId !== null) void dispatch(fetchTargetReport(kind, targetId));
  }, [allowed, dispatch, kind, targetId]);

  if (!allowed || !target) return { item: null, dialogs: null };

  const item: MenuItem = report
    ? {
        key: 'email-report-manage',
        label: t('Manage email report'),
        children: [
          {
            key: 'email-report-toggle',
            label: (
              <span data-test="email-report-active">
                <Checkbox checked={report.active} style={{ marginRight: 8, pointerEvents: 'none' }} />
                {t('Email reports active')}
              </span>
            ),
            onClick: () => void dispatch(toggleActive(report, !report.active)),
          },
          { key: 'email-report-edit', label: t('Edit email report'), onClick: () => setEditing({ report }) },
          {
            key: 'email-report-delete',
            label: t('Delete email report'),
            danger: true,
            onClick: () => setDeleting(true),
          },
        ],
      }
    : {
        key: 'email-report-setup',
        label: t('Manage email report'),
        children: [
          {
            key: 'email-report-set-up',
            label: t('Set up an email report'),
            onClick: () => setEditing({ report: null }),
          },
        ],
      };

  const dialogs = (
    <>
      {editing && <ReportModal target={target} report={editing.report} onClose={() => setEditing(null)} />}
      {deleting && report && (
        <Modal
          open
          title={t('Delete Report?')}
          okText={t('Delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('Cancel')}
          onCancel={() => setDeleting(false)}
          onOk={async () => {
            await dispatch(deleteActiveReport(report));
            setDeleting(false);
          }}
          data-test="report-delete-modal"
        >
          {t('This action will permanently delete {{name}}.', { name: report.name })}
        </Modal>
      )}
    </>
  );
  return { item, dialogs };
}
