import {
  BoldOutlined,
  ClearOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-label'?: string;
}

/** Toolbar commands of the browser's editing API; the server sanitises whatever HTML results. */
const TOOLS: Array<{ key: string; icon: ReactNode; run: (ask: (q: string) => string | null) => void }> = [
  { key: 'bold', icon: <BoldOutlined />, run: () => document.execCommand('bold') },
  { key: 'italic', icon: <ItalicOutlined />, run: () => document.execCommand('italic') },
  { key: 'underline', icon: <UnderlineOutlined />, run: () => document.execCommand('underline') },
  { key: 'heading', icon: <FontSizeOutlined />, run: () => document.execCommand('formatBlock', false, 'h3') },
  { key: 'bullets', icon: <UnorderedListOutlined />, run: () => document.execCommand('insertUnorderedList') },
  { key: 'numbers', icon: <OrderedListOutlined />, run: () => document.execCommand('insertOrderedList') },
  {
    key: 'link',
    icon: <LinkOutlined />,
    run: (ask) => {
      const url = ask('content.ui.editor.linkPrompt')?.trim();
      if (url && /^(https?:|mailto:)/i.test(url)) document.execCommand('createLink', false, url);
    },
  },
  {
    key: 'clear',
    icon: <ClearOutlined />,
    run: () => {
      document.execCommand('removeFormat');
      document.execCommand('formatBlock', false, 'p');
    },
  },
];

/** A small contentEditable rich-text field for antd forms (value/onChange carry HTML). */
export function RichTextEditor({ value = '', onChange, id, 'aria-label': ariaLabel }: RichTextEditorProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);

  // Only outside changes (initial value, form reset) are written back, so typing keeps the caret.
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== value) ref.current.innerHTML = value;
  }, [value]);

  const emit = () => onChange?.(ref.current?.innerHTML ?? '');
  return (
    <div
      className="rich-text-editor"
      style={{ border: '1px solid var(--ant-color-border)', borderRadius: 6 }}
    >
      <Space
        size={2}
        style={{ padding: 4, borderBottom: '1px solid var(--ant-color-border-secondary)', flexWrap: 'wrap' }}
      >
        {TOOLS.map((tool) => (
          <Tooltip key={tool.key} title={t(`content.ui.editor.${tool.key}`)}>
            <Button
              type="text"
              size="small"
              icon={tool.icon}
              aria-label={t(`content.ui.editor.${tool.key}`)}
              onMouseDown={(e) => {
                e.preventDefault(); // keep the selection in the editor
                tool.run((q) => window.prompt(t(q)));
                emit();
              }}
            />
          </Tooltip>
        ))}
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text field has no native element */}
      <div
        id={id}
        ref={ref}
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-label={ariaLabel}
        contentEditable
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        style={{ minHeight: 160, maxHeight: 360, overflowY: 'auto', padding: '8px 12px', outline: 'none' }}
      />
    </div>
  );
}
