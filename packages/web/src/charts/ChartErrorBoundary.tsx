// Catches a chart's rendering (or transformProps) error, shows it in place of the chart and reports it once
// with the spec's message, 'An error occurred while rendering the visualization: %s'.
import { Alert } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18nKey, t } from '../i18n/i18n';

export const RENDER_FAILURE_MESSAGE = i18nKey('An error occurred while rendering the visualization: %s');

export function renderFailureMessage(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  return t(RENDER_FAILURE_MESSAGE).replace('%s', detail);
}

interface Props {
  children: ReactNode;
  width: number;
  height: number;
  onRenderFailure?: (message: string) => void;
  /** A new key (new data or form data) clears a caught error. */
  resetKey: unknown;
}

interface State {
  error: unknown;
  resetKey: unknown;
}

export default class ChartErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onRenderFailure?.(renderFailureMessage(error));
  }

  override render() {
    if (this.state.error !== null) {
      return (
        <div style={{ width: this.props.width, height: this.props.height, overflow: 'auto', padding: 8 }}>
          <Alert type="error" showIcon title={renderFailureMessage(this.state.error)} />
        </div>
      );
    }
    return this.props.children;
  }
}
