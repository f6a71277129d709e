// The one dialog of the web (spec: 600 px wide by default, a responsive one grows to at most 900 px; the footer
// has Cancel and OK, the OK label configurable). Every dialog uses it instead of antd's Modal directly, so sizes,
// labels and behaviour stay alike.
import { Modal as AntdModal, type ModalProps as AntdModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { modalSize } from './modal-size';

export interface ModalProps extends AntdModalProps {
  /** Grow with the window, up to maxWidth (900 px unless given). */
  responsive?: boolean;
  maxWidth?: string | number;
  /** The OK button's label (Superset's primaryButtonName); okText does the same. */
  primaryButtonName?: string;
}

export default function Modal({
  responsive,
  maxWidth,
  primaryButtonName,
  width,
  style,
  okText,
  cancelText,
  ...rest
}: ModalProps) {
  const { t } = useTranslation();
  const size = modalSize({ width: typeof width === 'object' ? undefined : width, responsive, maxWidth });
  return (
    <AntdModal
      width={typeof width === 'object' ? width : size.width}
      style={size.maxWidth === undefined ? style : { maxWidth: size.maxWidth, paddingInline: 12, ...style }}
      okText={okText ?? primaryButtonName ?? t('OK')}
      cancelText={cancelText ?? t('Cancel')}
      {...rest}
    />
  );
}
