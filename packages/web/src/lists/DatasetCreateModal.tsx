// "+ Dataset": a physical dataset from a database, schema and table (POST /api/v1/dataset/); a table that already
// has a dataset links to that one instead, since a table has only one.
import type { DatabaseListItem } from '@nezha/core';
import { Alert, Button, Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import { fetchDatabases, fetchSchemas, fetchTables } from '../api/database-api';
import Modal from '../components/Modal';
import { createDataset, type DatasetListItem, findDatasetOnTable } from './dataset-api';

interface DatasetCreateModalProps {
  onClose: () => void;
  /** After creating: the new dataset's id, and whether to go on to explore it. */
  onCreated: (datasetId: number, name: string, explore: boolean) => void;
}

const message = (failure: unknown) => (isApiError(failure) ? failure.message : String(failure));

export default function DatasetCreateModal({ onClose, onCreated }: DatasetCreateModalProps) {
  const { t } = useTranslation();
  const [databases, setDatabases] = useState<DatabaseListItem[]>([]);
  const [databaseId, setDatabaseId] = useState<number | null>(null);
  const [schemas, setSchemas] = useState<string[]>([]);
  const [schema, setSchema] = useState<string | null>(null);
  const [tables, setTables] = useState<string[]>([]);
  const [table, setTable] = useState<string | null>(null);
  const [existing, setExisting] = useState<DatasetListItem | null>(null);
  const [loading, setLoading] = useState<string | null>('databases');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchDatabases({ order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 100 }).then(
      (body) => {
        setDatabases(body.result);
        if (body.result.length === 1) setDatabaseId(body.result[0]?.id ?? null);
        setLoading(null);
      },
      (failure: unknown) => {
        setError(message(failure));
        setLoading(null);
      },
    );
  }, []);

  useEffect(() => {
    setSchemas([]);
    setSchema(null);
    if (databaseId === null) return;
    setLoading('schemas');
    fetchSchemas(databaseId).then(
      (result) => {
        setSchemas(result);
        setSchema(result.includes('main') ? 'main' : result.length === 1 ? (result[0] ?? null) : null);
        setLoading(null);
      },
      (failure: unknown) => {
        setError(message(failure));
        setLoading(null);
      },
    );
  }, [databaseId]);

  useEffect(() => {
    setTables([]);
    setTable(null);
    if (databaseId === null || schema === null) return;
    setLoading('tables');
    fetchTables(databaseId, schema).then(
      (body) => {
        setTables(body.result.map((item) => item.value));
        setLoading(null);
      },
      (failure: unknown) => {
        setError(message(failure));
        setLoading(null);
      },
    );
  }, [databaseId, schema]);

  useEffect(() => {
    setExisting(null);
    if (databaseId === null || table === null) return;
    let live = true;
    findDatasetOnTable(databaseId, schema, table).then(
      (found) => live && setExisting(found),
      () => live && setExisting(null),
    );
    return () => {
      live = false;
    };
  }, [databaseId, schema, table]);

  const create = async (explore: boolean) => {
    if (databaseId === null || table === null) return;
    setSaving(true);
    setError(null);
    try {
      const created = await createDataset({ database: databaseId, schema, table_name: table });
      onCreated(created.id, table, explore);
    } catch (failure) {
      // Spec §8: a dataset save failure shows the server's message.
      setError(message(failure));
    } finally {
      setSaving(false);
    }
  };

  const ready = databaseId !== null && table !== null && !existing;
  return (
    <Modal
      open
      title={t('New dataset')}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('Cancel')}
        </Button>,
        <Button
          key="create"
          disabled={!ready}
          loading={saving}
          onClick={() => void create(false)}
          data-test="create-dataset"
        >
          {t('Create dataset')}
        </Button>,
        <Button
          key="explore"
          type="primary"
          disabled={!ready}
          loading={saving}
          onClick={() => void create(true)}
          data-test="create-dataset-and-chart"
        >
          {t('Create dataset and create chart')}
        </Button>,
      ]}
    >
      <div data-test="dataset-create-modal">
        {error && (
          <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-test="dataset-create-error" />
        )}
        <Form layout="vertical">
          <Form.Item label={t('Database')} required>
            <Select
              loading={loading === 'databases'}
              placeholder={t('Select database')}
              value={databaseId ?? undefined}
              onChange={(id: number) => setDatabaseId(id)}
              options={databases.map((database) => ({ value: database.id, label: database.database_name }))}
              data-test="dataset-database-select"
            />
          </Form.Item>
          <Form.Item label={t('Schema')}>
            <Select
              showSearch
              loading={loading === 'schemas'}
              disabled={databaseId === null}
              placeholder={t('Select schema')}
              value={schema ?? undefined}
              onChange={(value: string) => setSchema(value)}
              options={schemas.map((name) => ({ value: name, label: name }))}
              data-test="dataset-schema-select"
            />
          </Form.Item>
          <Form.Item label={t('Table')} required>
            <Select
              showSearch
              loading={loading === 'tables'}
              disabled={schema === null}
              placeholder={t('Select table')}
              value={table ?? undefined}
              onChange={(value: string) => setTable(value)}
              options={tables.map((name) => ({ value: name, label: name }))}
              data-test="dataset-table-select"
            />
          </Form.Item>
        </Form>
        {existing && (
          <Alert
            type="warning"
            showIcon
            data-test="dataset-exists"
            title={t(
              'This table already has a dataset associated with it. You can only associate one dataset with a table.',
            )}
            action={
              <Link to={existing.explore_url} data-test="dataset-exists-explore">
                {t('View dataset')}
              </Link>
            }
          />
        )}
      </div>
    </Modal>
  );
}
