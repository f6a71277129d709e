// The dashboard's dialogs, one open at a time: properties, CSS, save as, filter configuration, legacy filter
// mapping, cross-filter scoping, and the overwrite confirmation whenever the state asks for it.
import CrossFilterScopingModal from '../../filters/config/CrossFilterScopingModal';
import FilterConfigModal from '../../filters/config/FilterConfigModal';
import FilterScopeModal from '../../filters/config/FilterScopeModal';
import CssModal from './CssModal';
import EmbeddedModal from './EmbeddedModal';
import OverwriteConfirmModal from './OverwriteConfirmModal';
import PropertiesModal from './PropertiesModal';
import SaveAsModal from './SaveAsModal';

export type OpenModal =
  | { kind: 'properties' | 'css' | 'saveAs' | 'embedded' | 'filterConfig' | 'filterScopes' }
  | { kind: 'crossFilterScoping'; chartId?: number };

interface Props {
  modal: OpenModal | null;
  onClose: () => void;
  onSaved: (path?: string) => void;
  onConfirmOverwrite: () => void;
  onCopied: (id: number) => void;
}

export default function DashboardModals({ modal, onClose, onSaved, onConfirmOverwrite, onCopied }: Props) {
  return (
    <>
      {modal?.kind === 'properties' && <PropertiesModal onClose={onClose} onSaved={onSaved} />}
      {modal?.kind === 'css' && <CssModal onClose={onClose} />}
      {modal?.kind === 'saveAs' && <SaveAsModal onClose={onClose} onCopied={onCopied} />}
      {modal?.kind === 'embedded' && <EmbeddedModal onClose={onClose} />}
      {modal?.kind === 'filterConfig' && <FilterConfigModal onClose={onClose} />}
      {modal?.kind === 'filterScopes' && <FilterScopeModal onClose={onClose} />}
      {modal?.kind === 'crossFilterScoping' && (
        <CrossFilterScopingModal onClose={onClose} {...(modal.chartId ? { initialChartId: modal.chartId } : {})} />
      )}
      <OverwriteConfirmModal onConfirm={onConfirmOverwrite} />
    </>
  );
}
